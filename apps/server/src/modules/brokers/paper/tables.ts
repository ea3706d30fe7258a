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
  updatedAt: number;
}

export interface PaperTables {
  paperAccounts: PaperAccountsTable;
  paperOrders: PaperOrdersTable;
  paperTrades: PaperTradesTable;
  paperPositions: PaperPositionsTable;
}
