import { type IsoDate, istDateOf, istMinutesOfDay } from '@xtrader/core/market/dates';
import { isTradingDay } from '@xtrader/core/market/holidays';
import { derivativesSquareOffTime, type IstTime } from '@xtrader/core/market/hours';
import { SESSION_TABLE, type SessionEntry } from '@xtrader/core/market/sessions';
import type { Clock } from '../../../clock';
import type { Logger } from '../../../logger';

/** How often the scheduler looks at the clock; the square-off runs within this much of its time. */
const SQUARE_OFF_CHECK_INTERVAL_MS = 10_000;

export interface SquareOffSchedulerDeps {
  clock: Clock;
  logger: Logger;
  /** IST wall-clock time of the square-off on a date. */
  time: (date: IsoDate) => IstTime;
  /** Squares off every MIS position and cancels open MIS orders. */
  run(): Promise<void>;
  intervalMs?: number;
}

/**
 * The square-off time of each day: a fixed time when configured (XT_PAPER_SQUAREOFF_TIME), otherwise the session
 * table's MIS square-off for the derivatives exchanges that day, so it moves when the close moves.
 */
export const squareOffTimeOf =
  (fixed: IstTime | undefined, table: readonly SessionEntry[] = SESSION_TABLE) =>
  (date: IsoDate): IstTime =>
    fixed ?? derivativesSquareOffTime(date, table);

/**
 * Runs the intraday square-off once per trading day, at or after its time (also after a restart later that
 * day). Time comes from the injected clock; a timer only decides when to look, so tests call `check()` after
 * moving a fake clock.
 */
export class SquareOffScheduler {
  private lastRunDate: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly deps: SquareOffSchedulerDeps) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(), this.deps.intervalMs ?? SQUARE_OFF_CHECK_INTERVAL_MS);
    this.timer.unref();
    void this.check();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** True when the square-off of the clock's current date is due and has not run yet. */
  isDue(now: number): boolean {
    const date = istDateOf(now);
    if (this.lastRunDate === date) return false;
    if (!isTradingDay(date, 'NSE') && !isTradingDay(date, 'BSE')) return false;
    const { hour, minute } = this.deps.time(date);
    return istMinutesOfDay(now) >= hour * 60 + minute;
  }

  /** Runs the square-off if it is due; resolves when it is done. */
  async check(): Promise<void> {
    if (this.running) return this.running;
    const now = this.deps.clock.now();
    if (!this.isDue(now)) return;
    this.lastRunDate = istDateOf(now);
    this.running = this.deps
      .run()
      .catch((error: unknown) => this.deps.logger.error({ err: error }, 'intraday square-off failed'))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
