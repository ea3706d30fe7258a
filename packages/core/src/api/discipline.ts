import { z } from 'zod';
import type { IstClock } from '../market/sessions';
import type { DisciplineHold, DisciplineSettings } from '../risk/discipline';
import { isIstClock } from '../risk/discipline';

// The discipline rules as they cross the wire: part of the user settings, and their state for the bar.

const MAX_TRADES_PER_DAY = 1000;
const MAX_LOSS_PER_DAY = 100_000_000;
const MAX_COOL_DOWN_MINUTES = 375;

const countOrOff = (max: number, what: string) =>
  z
    .number()
    .int(`${what} must be a whole number`)
    .positive(`${what} must be at least 1`)
    .max(max, `${what} must be at most ${max}`)
    .nullable();

const cutOffSchema = z
  .string()
  .refine(isIstClock, { error: 'No new positions after: expected an IST time as HH:MM' })
  .transform((value) => value as IstClock)
  .nullable();

/** The discipline block of the user settings; null (false) turns a rule off. */
export const disciplineSettingsSchema = z.object({
  maxTradesPerDay: countOrOff(MAX_TRADES_PER_DAY, 'Max trades per day'),
  maxLossPerDay: countOrOff(MAX_LOSS_PER_DAY, 'Max loss per day'),
  coolDownMinutes: countOrOff(MAX_COOL_DOWN_MINUTES, 'Cool-down minutes'),
  noNewPositionsAfter: cutOffSchema,
  noMarketOrders: z.boolean(),
}) satisfies z.ZodType<DisciplineSettings, unknown>;

/** A settings patch may change some rules only. */
export const disciplinePatchSchema = disciplineSettingsSchema.partial();

const holdSchema = z.object({
  rule: z.enum(['maxLoss', 'maxTrades', 'coolDown', 'cutOff', 'noMarket']),
  message: z.string(),
  until: z.number().optional(),
}) satisfies z.ZodType<DisciplineHold, unknown>;

/** GET /discipline: the rules in force, today's figures and what refuses new orders now. */
export const disciplineStatusSchema = z.object({
  settings: disciplineSettingsSchema,
  tradesToday: z.number().int(),
  locked: z.boolean(),
  holds: z.array(holdSchema),
});
export type DisciplineStatus = z.infer<typeof disciplineStatusSchema>;
