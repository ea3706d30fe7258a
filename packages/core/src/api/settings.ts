import { z } from 'zod';
import { INDEX_NAMES, type IndexName, indexNameSchema } from '../market/indices';
import {
  DEFAULT_MARKET_PROTECTION,
  DEFAULT_MODIFY_STEP,
  DEFAULT_QUANTITY,
  MIN_PRICE,
} from '../orders/constants';
import { isOnTickGrid } from '../orders/price-rules';
import { marketProtectionSettingSchema } from './common';

const onTickAtLeastMin = z
  .number()
  .min(MIN_PRICE, `Must be at least ${MIN_PRICE}`)
  .refine((value) => isOnTickGrid(value), { error: `Must be a multiple of ${MIN_PRICE}` });

const defaultQuantitySchema = z.number().int().positive();

/** One value per index. */
const perIndex = <T extends z.ZodType>(value: T) => z.record(indexNameSchema, value);
/** Some indices only (a settings patch). */
const somePerIndex = <T extends z.ZodType>(value: T) => z.partialRecord(indexNameSchema, value);

/** User settings (SPEC section 3), kept on the server and edited in the User Settings dialog. */
export const userSettingsSchema = z.object({
  /** Price step of stepped modifications; at least 0.05. */
  modifyStep: onTickAtLeastMin,
  exitAllMarketProtection: marketProtectionSettingSchema,
  useDefaultQuantity: z.boolean(),
  defaultQuantity: perIndex(defaultQuantitySchema),
  /** Gap between trigger and limit price of stop-loss orders, per index; at least 0.05. */
  SLTriggerPriceDifference: perIndex(onTickAtLeastMin),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** PUT /auth/editUserSetting: any subset of the settings; per-index maps may name some indices only. */
export const userSettingsPatchSchema = z.object({
  modifyStep: onTickAtLeastMin.optional(),
  exitAllMarketProtection: marketProtectionSettingSchema.optional(),
  useDefaultQuantity: z.boolean().optional(),
  defaultQuantity: somePerIndex(defaultQuantitySchema).optional(),
  SLTriggerPriceDifference: somePerIndex(onTickAtLeastMin).optional(),
});
export type UserSettingsPatch = z.infer<typeof userSettingsPatchSchema>;

const everyIndex = <T>(value: T): Record<IndexName, T> =>
  Object.fromEntries(INDEX_NAMES.map((name) => [name, value])) as Record<IndexName, T>;

/**
 * Section 9 defaults. The spec gives no default trigger/limit difference; 1 point is the smallest value its input
 * accepts on blur (the SL-points rule), so that is the starting value.
 */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  modifyStep: DEFAULT_MODIFY_STEP,
  exitAllMarketProtection: { ...DEFAULT_MARKET_PROTECTION },
  useDefaultQuantity: false,
  defaultQuantity: everyIndex(DEFAULT_QUANTITY),
  SLTriggerPriceDifference: everyIndex(1),
};

/** Applies a patch to settings without mutating either. */
export const mergeUserSettings = (settings: UserSettings, patch: UserSettingsPatch): UserSettings => ({
  modifyStep: patch.modifyStep ?? settings.modifyStep,
  exitAllMarketProtection: patch.exitAllMarketProtection ?? settings.exitAllMarketProtection,
  useDefaultQuantity: patch.useDefaultQuantity ?? settings.useDefaultQuantity,
  defaultQuantity: { ...settings.defaultQuantity, ...patch.defaultQuantity },
  SLTriggerPriceDifference: { ...settings.SLTriggerPriceDifference, ...patch.SLTriggerPriceDifference },
});
