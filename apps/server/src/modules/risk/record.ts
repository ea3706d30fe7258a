import {
  DEFAULT_PROFIT_PROTECTION,
  type ProfitProtectionOutcome,
  type ProfitProtectionSettings,
  type ProfitProtectionStatus,
  type UnclosedPosition,
} from '@xtrader/core/api/profit-protection';
import type { ProfitProtectionState, ProfitProtectionTrigger } from '@xtrader/core/risk/profit-protection';
import type { Selectable } from 'kysely';
import type { ProfitProtectionTable } from './tables';

type KillStatus = ProfitProtectionOutcome['status'];

/**
 * One square-off, persisted at every step so a restart finishes it without exiting anything twice: every exit is
 * recorded under its position before it is sent, with an id the order path treats as an idempotency key.
 */
export interface KillRecord {
  /** Unique per trigger; exit ids are `<id>-<n>`. */
  id: string;
  trigger: ProfitProtectionTrigger;
  mtm: number;
  triggeredAt: number;
  /** Fraction (0-0.1) the exits are protected with. */
  marketProtection: number;
  status: KillStatus;
  ordersCancelled: boolean;
  attempts: number;
  /** Exit ids sent (or about to be sent) per position key, oldest first. */
  exits: Record<string, string[]>;
  /** Last failure reason per position key. */
  failures: Record<string, string>;
  unclosed: UnclosedPosition[];
  finishedAt: number | null;
  message: string;
}

/** A user's profit protection: settings as saved, the trailing state in force, and the last square-off. */
export interface ProfitProtectionRecord {
  userId: string;
  /** `maxLoss` here is the saved max loss; the one in force is `state.maxLoss`. */
  settings: ProfitProtectionSettings;
  /** Fraction, 0 to 0.1. */
  marketProtection: number;
  state: ProfitProtectionState;
  kill: KillRecord | null;
  version: number;
  updatedAt: number;
}

export type ProfitProtectionRow = Selectable<ProfitProtectionTable>;

const BPS = 10_000;
const PAISE = 100;

/** The record of a user who never saved: protection off, default parameters. */
export function defaultRecord(userId: string, now: number): ProfitProtectionRecord {
  const { marketProtection, ...settings } = DEFAULT_PROFIT_PROTECTION;
  return {
    userId,
    settings,
    marketProtection,
    state: { maxLoss: settings.maxLoss, trailAnchor: 0 },
    kill: null,
    version: 0,
    updatedAt: now,
  };
}

export function toRow(record: ProfitProtectionRecord): ProfitProtectionRow {
  const { settings, state, kill } = record;
  return {
    userId: record.userId,
    enabled: settings.profitProtectionEnabled ? 1 : 0,
    targetProfit: settings.targetProfit,
    maxLoss: state.maxLoss,
    savedMaxLoss: settings.maxLoss,
    trailingEnabled: settings.profitTrailingEnabled ? 1 : 0,
    increaseInProfit: settings.profitTrailingParams.increaseInProfit,
    trailMaxLoss: settings.profitTrailingParams.trailMaxLoss,
    marketProtectionBps: Math.round(record.marketProtection * BPS),
    highWaterMarkPaise: Math.round(state.trailAnchor * PAISE),
    version: record.version,
    killSwitch: kill ? JSON.stringify(kill) : null,
    killId: kill?.id ?? null,
    killStatus: kill?.status ?? null,
    updatedAt: record.updatedAt,
  };
}

export function fromRow(row: ProfitProtectionRow): ProfitProtectionRecord {
  return {
    userId: row.userId,
    settings: {
      profitProtectionEnabled: Number(row.enabled) === 1,
      targetProfit: Number(row.targetProfit),
      maxLoss: Number(row.savedMaxLoss),
      profitTrailingEnabled: Number(row.trailingEnabled) === 1,
      profitTrailingParams: {
        increaseInProfit: Number(row.increaseInProfit),
        trailMaxLoss: Number(row.trailMaxLoss),
      },
    },
    marketProtection: Number(row.marketProtectionBps) / BPS,
    state: { maxLoss: Number(row.maxLoss), trailAnchor: Number(row.highWaterMarkPaise) / PAISE },
    kill: row.killSwitch ? (JSON.parse(row.killSwitch) as KillRecord) : null,
    version: Number(row.version),
    updatedAt: Number(row.updatedAt),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** What the user may see of a square-off. */
const toOutcome = (kill: KillRecord): ProfitProtectionOutcome => ({
  trigger: kill.trigger,
  mtm: kill.mtm,
  triggeredAt: iso(kill.triggeredAt),
  status: kill.status,
  finishedAt: kill.finishedAt === null ? null : iso(kill.finishedAt),
  unclosed: kill.unclosed,
  message: kill.message,
});

/** GET /profit-protection data: `maxLoss` is the one in force (trailed), `savedMaxLoss` the one saved. */
export const toStatus = (record: ProfitProtectionRecord): ProfitProtectionStatus => ({
  ...record.settings,
  maxLoss: record.state.maxLoss,
  marketProtection: record.marketProtection,
  savedMaxLoss: record.settings.maxLoss,
  highWaterMark: record.state.trailAnchor,
  lastTrigger: record.kill ? toOutcome(record.kill) : null,
});

/** Whether the monitor should be watching this user's MTM. */
export const isArmed = (record: ProfitProtectionRecord): boolean => record.settings.profitProtectionEnabled;

/** Whether a square-off was interrupted (by a restart) and must be finished. */
export const isSquaringOff = (record: ProfitProtectionRecord): boolean =>
  record.kill?.status === 'squaring_off';
