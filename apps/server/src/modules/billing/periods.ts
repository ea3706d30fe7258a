import type { PlanKey } from '@xtrader/core/api/billing';
import { FREE_TRIAL_DAYS } from '@xtrader/core/constants';
import {
  addDays,
  daysInMonth,
  IST_OFFSET_MS,
  type IsoDate,
  istDateOf,
  istEpochMs,
} from '@xtrader/core/market/dates';

// How long each plan runs. Paid periods are calendar months on the IST calendar (the product's market and
// customers are Indian), so a yearly plan bought on 23 Nov ends on 23 Nov of the next year.

const DAY_MS = 86_400_000;

const PAID_PLAN_MONTHS: Readonly<Record<Exclude<PlanKey, 'freeTrial'>, number>> = {
  'x-trader-quarterly': 3,
  'x-trader-half-yearly': 6,
  'x-trader-yearly': 12,
};

/** `months` calendar months after an instant, same IST wall-clock time; the day is clamped (31 Jan + 1 = 28/29 Feb). */
export function addIstMonths(epochMs: number, months: number): number {
  const wall = new Date(epochMs + IST_OFFSET_MS);
  const year = wall.getUTCFullYear();
  const monthIndex = wall.getUTCMonth() + months;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(wall.getUTCDate(), daysInMonth(targetYear, targetMonth + 1));
  const msIntoDay = (epochMs + IST_OFFSET_MS) % DAY_MS;
  return Date.UTC(targetYear, targetMonth, day) + msIntoDay - IST_OFFSET_MS;
}

/** When a period of `plan` that starts at `startMs` ends (exclusive). */
export function periodEndFor(plan: PlanKey, startMs: number): number {
  if (plan === 'freeTrial') return startMs + FREE_TRIAL_DAYS * DAY_MS;
  return addIstMonths(startMs, PAID_PLAN_MONTHS[plan]);
}

/** The date shown to the user for a period ending at `periodEnd`: its IST calendar date. */
export const expirationDateOf = (periodEnd: number): IsoDate => istDateOf(periodEnd);

/** A provider's date-only term end (`2026-12-07`) as an instant: the last millisecond of that IST day. */
export const endOfIstDay = (date: IsoDate): number => istEpochMs(addDays(date, 1)) - 1;

/** A provider's date-only term start as an instant: IST midnight of that day. */
export const startOfIstDay = (date: IsoDate): number => istEpochMs(date);
