import { z } from 'zod';
import { alertPatchSchema, alertSettingsSchema, DEFAULT_ALERTS, mergeAlerts } from '../alerts/alerts';
import { formatNumber } from '../format/format';
import { INDEX_NAMES, type IndexName, indexNameSchema } from '../market/indices';
import {
  DEFAULT_MARKET_PROTECTION,
  DEFAULT_MODIFY_STEP,
  DEFAULT_QUANTITY,
  MAX_MODIFY_STEP,
  MAX_ORDER_QUANTITY,
  MAX_SL_TRIGGER_DIFFERENCE,
  MIN_PRICE,
} from '../orders/constants';
import { DEFAULT_DISCIPLINE } from '../risk/discipline';
import { marketProtectionSettingSchema, onTickChecks, onTickSchema, type TickBounds } from './common';
import { disciplinePatchSchema, disciplineSettingsSchema } from './discipline';

const pointsBounds = (max: number): TickBounds => ({
  min: MIN_PRICE,
  max,
  belowMin: `Must be at least ${MIN_PRICE}`,
  aboveMax: `Must be at most ${formatNumber(max)}`,
  offTick: `Must be a multiple of ${MIN_PRICE}`,
});
const MODIFY_STEP = pointsBounds(MAX_MODIFY_STEP);
const SL_TRIGGER_DIFFERENCE = pointsBounds(MAX_SL_TRIGGER_DIFFERENCE);

/** At most what any one order may carry; placing it is still limited per index by the freeze slices. */
const defaultQuantitySchema = z
  .number()
  .int()
  .positive()
  .max(MAX_ORDER_QUANTITY, `Must be at most ${formatNumber(MAX_ORDER_QUANTITY)}`);

/** One value per index. */
const perIndex = <T extends z.ZodType>(value: T) => z.record(indexNameSchema, value);
/** Some indices only (a settings patch). */
const somePerIndex = <T extends z.ZodType>(value: T) => z.partialRecord(indexNameSchema, value);

/** User settings, kept on the server and edited in the User Settings dialog. */
export const userSettingsSchema = z.object({
  /** Price step of stepped modifications; 0.05 to MAX_MODIFY_STEP. */
  modifyStep: onTickChecks(MODIFY_STEP),
  exitAllMarketProtection: marketProtectionSettingSchema,
  useDefaultQuantity: z.boolean(),
  defaultQuantity: perIndex(defaultQuantitySchema),
  /** Gap between trigger and limit price of stop-loss orders, per index; 0.05 to MAX_SL_TRIGGER_DIFFERENCE. */
  SLTriggerPriceDifference: perIndex(onTickChecks(SL_TRIGGER_DIFFERENCE)),
  /** Trading discipline (max trades and loss per day, cool-down, cut-off time, no market orders); all off by default. */
  discipline: disciplineSettingsSchema,
  /** Sounds, browser notifications and Telegram messages per kind of alert (docs/alerts.md). */
  alerts: alertSettingsSchema,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/**
 * PUT /auth/editUserSetting: any subset of the settings; per-index maps may name some indices only. Point values
 * are stored on the tick they mean (0.1 + 0.2 is kept as 0.3).
 */
export const userSettingsPatchSchema = z.object({
  modifyStep: onTickSchema(MODIFY_STEP).optional(),
  exitAllMarketProtection: marketProtectionSettingSchema.optional(),
  useDefaultQuantity: z.boolean().optional(),
  defaultQuantity: somePerIndex(defaultQuantitySchema).optional(),
  SLTriggerPriceDifference: somePerIndex(onTickSchema(SL_TRIGGER_DIFFERENCE)).optional(),
  discipline: disciplinePatchSchema.optional(),
  alerts: alertPatchSchema.optional(),
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
  discipline: DEFAULT_DISCIPLINE,
  alerts: DEFAULT_ALERTS,
};

/** Applies a patch to settings without mutating either. */
export const mergeUserSettings = (settings: UserSettings, patch: UserSettingsPatch): UserSettings => ({
  modifyStep: patch.modifyStep ?? settings.modifyStep,
  exitAllMarketProtection: patch.exitAllMarketProtection ?? settings.exitAllMarketProtection,
  useDefaultQuantity: patch.useDefaultQuantity ?? settings.useDefaultQuantity,
  defaultQuantity: { ...settings.defaultQuantity, ...patch.defaultQuantity },
  SLTriggerPriceDifference: { ...settings.SLTriggerPriceDifference, ...patch.SLTriggerPriceDifference },
  discipline: { ...settings.discipline, ...patch.discipline },
  alerts: mergeAlerts(settings.alerts, patch.alerts),
});

/** The answer of a successful settings update, also the web app's toast. */
export const SETTINGS_UPDATED_MESSAGE = 'User settings updated!';
