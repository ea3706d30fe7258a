import { toPaise } from '@xtrader/core/orders/price-rules';
import { istDayNumber } from '../../market/ist-day';
import { Change, commit, type ExchangeCore, positionOwner } from './exchange-core';
import { averageOpenPricePaise, carryForward, type PaperPosition } from './positions';
import { deletePosition, saveBooked } from './store';

/**
 * The trading-day change of the paper exchange (IST calendar day), as a broker's positions page shows it: the
 * first read or tick of a new day books the realised P&L less charges of every position of an earlier day into its account
 * (the money stays in the funds), drops the closed ones from the day's positions and carries the open ones
 * (NRML, and MIS left open when the square-off did not run) at the previous close. A position's day is the IST
 * day of its `updatedAt`: every fill and every rollover sets it.
 */
export class DayRollover {
  private rolledDay: number | undefined;

  constructor(private readonly core: ExchangeCore) {}

  /**
   * Rolls every position of an earlier day over to today, once per day; cheap when the day has not changed.
   * The state changes at once; the returned promise resolves when the change is written (sync callers may
   * ignore it: the write queue keeps it ahead of later changes).
   */
  /** Makes the next check look at every position again (the exchange (re)loaded its state from the store). */
  reset(): void {
    this.rolledDay = undefined;
  }

  check(): Promise<void> | undefined {
    const now = this.core.clock.now();
    const today = istDayNumber(now);
    if (this.rolledDay === today) return undefined;
    this.rolledDay = today;
    const change = new Change(now);
    for (const account of this.core.accounts.values()) {
      let bookedPaise = 0;
      for (const [key, position] of [...account.positions]) {
        if (istDayNumber(position.updatedAt) >= today) continue;
        bookedPaise += position.realisedPaise - position.chargesPaise;
        const carried = carryForward(position, this.previousClosePaise(position, today), now);
        if (carried) {
          account.positions.set(key, carried);
          change.savePosition(carried);
        } else {
          account.positions.delete(key);
          this.core.prices.release(positionOwner(position));
          const { userId, tradingSymbol, product } = position;
          change.write(userId, (trx) => deletePosition(trx, userId, tradingSymbol, product));
        }
      }
      if (bookedPaise !== 0) {
        account.bookedPaise += bookedPaise;
        const { userId } = account;
        const booked = account.bookedPaise;
        change.write(userId, (trx) => saveBooked(trx, userId, booked, now));
      }
    }
    return change.isEmpty ? undefined : commit(this.core, change);
  }

  /**
   * The close the position is carried at: the practice view's last price when it is from an earlier day (the
   * day's last tick), else the quote's previous close (a tick of the new day came first); the average cost when
   * no price is known (a restart before the symbol streams again), so the day's P&L then counts from the cost.
   */
  private previousClosePaise(position: PaperPosition, today: number): number {
    const quote = this.core.prices.quote(position.userId, position.tradingSymbol);
    if (!quote) return Math.round(averageOpenPricePaise(position));
    return toPaise(istDayNumber(quote.ts) < today ? quote.lastPrice : quote.close);
  }
}
