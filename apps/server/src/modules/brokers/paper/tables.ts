import type { DerivativesExchange } from '@xtrader/core/market/exchanges';
import type { BrokerOrderType, ProductType, Side } from '../broker';
import type { PaperOrderStatus } from './paper-order';

// Tables of the paper exchange. Money is whole paise (BIGINT) so nothing drifts through a float column.

/** One user's Practice Mode account: virtual capital and the live broker to return to on stop. */
interface PaperAccountsTable {
  userId: string;
  capitalPaise: number;
  /** Realised P&L of positions of earlier days, booked at the day rollover (the positions left the day's list). */
  bookedPaise: number;
  /** The user's activeBroker before Practice Mode started; restored by stop. */
  previousBroker: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface PaperOrdersTable {
  id: string;
  userId: string;
  clientOrderId: string | null;
  tradingSymbol: string;
  internalToken: string;
  exchange: DerivativesExchange;
  side: Side;
  product: ProductType;
  orderType: BrokerOrderType;
  quantity: number;
  filledQuantity: number;
  averagePricePaise: number;
  pricePaise: number | null;
  triggerPricePaise: number | null;
  status: PaperOrderStatus;
  rejectedReason: string | null;
  blockedPaise: number;
  /** Charges of the filled part so far (brokerage, taxes, fees; core charges/order-charges.ts). */
  chargesPaise: number;
  trailChangeInPricePaise: number | null;
  trailChangeInSlPaise: number | null;
  trailReferencePaise: number | null;
  createdAt: number;
  updatedAt: number;
}

/** One fill; positions are the fold of these, in `seq` order. */
export interface PaperTradesTable {
  id: string;
  /** Exchange-wide fill sequence: the order fills happened in (several fills share one timestamp). */
  seq: number;
  orderId: string;
  userId: string;
  tradingSymbol: string;
  product: ProductType;
  side: Side;
  quantity: number;
  pricePaise: number;
  /** The charges this fill added to its order (the order's charges after it, less before). */
  chargesPaise: number;
  ts: number;
}

/** The running fold of a position's trades (kept in the same transaction as each trade). */
export interface PaperPositionsTable {
  userId: string;
  tradingSymbol: string;
  product: ProductType;
  internalToken: string;
  exchange: DerivativesExchange;
  netQuantity: number;
  buyQuantity: number;
  sellQuantity: number;
  buyValuePaise: number;
  sellValuePaise: number;
  openCostPaise: number;
  realisedPaise: number;
  /** Charges of the day's fills of this position (the rollover books them with the realised P&L). */
  chargesPaise: number;
  updatedAt: number;
}

/** The day-end summary of one user's Practice Mode day, written at the intraday square-off. */
export interface PaperDaySummariesTable {
  userId: string;
  /** IST trading date (YYYY-MM-DD). */
  day: string;
  /** Executed orders (fills) of the day. */
  trades: number;
  grossPaise: number;
  chargesPaise: number;
  netPaise: number;
  /** Positions of the day that ended with a net profit / a net loss. */
  wins: number;
  losses: number;
  /** Net P&L of the day's worst position (0 when none lost). */
  largestLossPaise: number;
  createdAt: number;
}

export interface PaperTables {
  paperAccounts: PaperAccountsTable;
  paperOrders: PaperOrdersTable;
  paperTrades: PaperTradesTable;
  paperPositions: PaperPositionsTable;
  paperDaySummaries: PaperDaySummariesTable;
}
