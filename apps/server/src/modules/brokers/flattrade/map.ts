import { istEpochMs } from '@xtrader/core/market/dates';
import { roundMoney } from '@xtrader/core/orders/price-rules';
import type {
  BrokerMargin,
  BrokerOrderSnapshot,
  BrokerOrderType,
  BrokerPosition,
  ModifyOrderCommand,
  PlaceOrderCommand,
  ProductType,
} from '../broker';
import type { BrokerContract } from '../live-kit/instrument-master';
import type { OrderReport } from '../live-kit/order-tracker';
import { type PricingCommand, pricedByOrderType } from '../live-kit/pricing';
import { marginOf, reportOf, snapshotOf } from '../live-kit/rows';
import type { PlacedOrder } from '../live-kit/session';
import { statusWords } from '../live-kit/status-words';
import type { FlattradeModifyBody, FlattradePlaceBody } from './flattrade-api';
import type { FlattradeLimits, FlattradeOrderRow, FlattradePosition } from './flattrade-schemas';

// Translation between our broker commands and Noren's order fields. Quantities are units on NFO and BFO. Market
// orders carry market protection (exchange rule since 2026-04-01); stop-market orders go out as stop-limit with a
// protective limit, since the exchanges refuse stop-market orders on options.

/**
 * Market protection sent when the trader set none: wide enough for the cheapest options' exchange slab (5%), and
 * the exchange's own price bands still bound the fill.
 */
export const DEFAULT_MARKET_PROTECTION_PERCENT = 5;

const PRODUCT = { normal: 'M', intraday: 'I' } as const;

const ORDER_TYPES: Record<string, BrokerOrderType> = {
  MKT: 'market',
  LMT: 'limit',
  'SL-LMT': 'stoploss',
  'SL-MKT': 'stoploss_market',
};

/** Noren's price fields are strings; two decimals keep the 0.05 grid exact. */
const price = (value: number): string => roundMoney(value).toFixed(2);

type Pricing = Pick<FlattradePlaceBody, 'prctyp' | 'prc' | 'trgprc' | 'mkt_protection'>;

const priced = (cmd: PricingCommand): Pricing =>
  pricedByOrderType<Pricing>(cmd, {
    market: () => {
      const given = cmd.marketProtection;
      const percent =
        given !== undefined && Number.isFinite(given) && given > 0
          ? Math.min(100, Math.max(1, Math.round(given)))
          : DEFAULT_MARKET_PROTECTION_PERCENT;
      return { prctyp: 'MKT', prc: '0', mkt_protection: String(percent) };
    },
    limit: (limit) => ({ prctyp: 'LMT', prc: price(limit ?? 0) }),
    stopLimit: (trigger, limit) => ({ prctyp: 'SL-LMT', trgprc: price(trigger), prc: price(limit) }),
  });

/** What modify and cancel need of an order: Noren's ModifyOrder names the symbol, exchange and quantity again. */
export interface FlattradeKnownOrder extends PlacedOrder {
  tsym: string;
  exch: string;
  quantity: number;
}

/** A placement for the contract the broker listed; our order id travels in `remarks`. */
export function toFlattradePlacement(
  cmd: PlaceOrderCommand,
  contract: Pick<BrokerContract, 'tradingSymbol'>,
  clientId: string,
): FlattradePlaceBody {
  return {
    uid: clientId,
    actid: clientId,
    exch: cmd.exchange === 'BFO' ? 'BFO' : 'NFO',
    tsym: contract.tradingSymbol,
    qty: String(cmd.quantity),
    dscqty: '0',
    prd: PRODUCT[cmd.product],
    trantype: cmd.side === 'buy' ? 'B' : 'S',
    ...priced(cmd),
    ret: 'DAY',
    remarks: cmd.clientOrderId,
    ordersource: 'API',
  };
}

export function toFlattradeModification(
  brokerOrderId: string,
  current: FlattradeKnownOrder,
  change: ModifyOrderCommand,
  clientId: string,
): FlattradeModifyBody {
  const limit = change.price ?? (change.triggerPrice === undefined ? current.price : undefined);
  const { mkt_protection: _market, ...pricing } = priced({
    orderType: change.orderType ?? current.orderType,
    side: current.side,
    triggerPrice: change.triggerPrice ?? current.triggerPrice,
    ...(change.stopLimitOffset !== undefined ? { stopLimitOffset: change.stopLimitOffset } : {}),
    ...(limit !== undefined ? { price: limit } : {}),
  });
  return {
    uid: clientId,
    exch: current.exch,
    norenordno: brokerOrderId,
    tsym: current.tsym,
    qty: String(change.quantity ?? current.quantity),
    ...pricing,
    ret: 'DAY',
  };
}

/** Noren's status words are the kit's, but PENDING is a request Flattrade is still applying. */
const reportStatusOf = statusWords({ PENDING: 'in_flight' });

export const toOrderReport = (row: FlattradeOrderRow): OrderReport =>
  reportOf({
    orderId: row.norenordno,
    status: reportStatusOf(row.status),
    quantity: row.qty,
    filledQuantity: row.fillshares,
    averagePrice: row.avgprc,
    price: row.prc,
    triggerPrice: row.trgprc,
    message: row.rejreason,
  });

/** Noren times: `exch_tm` `DD-MM-YYYY HH:MM:SS`, `norentm` `HH:MM:SS DD-MM-YYYY`, both IST. */
export function parseNorenTime(text: string | undefined): number | undefined {
  const dateFirst = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})/.exec(text ?? '');
  const timeFirst = /^(\d{2}):(\d{2}):(\d{2}) (\d{2})-(\d{2})-(\d{4})/.exec(text ?? '');
  const parts = dateFirst
    ? [dateFirst[3], dateFirst[2], dateFirst[1], dateFirst[4], dateFirst[5], dateFirst[6]]
    : timeFirst
      ? [timeFirst[6], timeFirst[5], timeFirst[4], timeFirst[1], timeFirst[2], timeFirst[3]]
      : undefined;
  if (!parts) return undefined;
  const [y, m, d, hh, mm, ss] = parts as string[];
  return istEpochMs(`${y}-${m}-${d}`, Number(hh), Number(mm), Number(ss));
}

export const eventTsOf = (row: FlattradeOrderRow): number | undefined =>
  parseNorenTime(row.exch_tm) ?? parseNorenTime(row.norentm);

const productOf = (prd: string): ProductType => (prd.toUpperCase() === 'I' ? 'intraday' : 'normal');

/** An order row with our trading symbol of its contract, when the broker's master and ours both list it. */
export type FlattradeOrder = FlattradeOrderRow & { ourSymbol?: string | undefined };

export const knownOf = (row: FlattradeOrder): FlattradeKnownOrder => {
  const report = toOrderReport(row);
  return {
    orderType: ORDER_TYPES[row.prctyp.toUpperCase()] ?? 'limit',
    side: row.trantype === 'B' ? 'buy' : 'sell',
    tradingSymbol: row.ourSymbol ?? row.tsym,
    ...(report.price !== undefined && report.price > 0 ? { price: report.price } : {}),
    ...(report.triggerPrice !== undefined && report.triggerPrice > 0
      ? { triggerPrice: report.triggerPrice }
      : {}),
    tsym: row.tsym,
    exch: row.exch,
    quantity: row.qty,
  };
};

export const fromFlattradeOrder = (row: FlattradeOrder, now: number): BrokerOrderSnapshot =>
  snapshotOf(toOrderReport(row), {
    clientOrderId: row.remarks?.trim() || undefined,
    tradingSymbol: row.ourSymbol ?? row.tsym,
    side: row.trantype === 'B' ? 'buy' : 'sell',
    orderType: ORDER_TYPES[row.prctyp.toUpperCase()] ?? 'limit',
    product: productOf(row.prd),
    updatedTs: eventTsOf(row) ?? now,
  });

/**
 * Net positions in our symbols: `ours` turns a row's token into our symbol and internal token (undefined keeps the
 * broker's symbol). Buy and sell sides add Noren's day and carried-forward legs.
 */
export function fromFlattradePositions(
  rows: readonly FlattradePosition[],
  ours: (row: FlattradePosition) => { tradingSymbol: string; internalToken: string } | undefined,
): BrokerPosition[] {
  return rows.map((row) => {
    const mapped = ours(row);
    const buyQuantity = (row.daybuyqty ?? 0) + (row.cfbuyqty ?? 0);
    const sellQuantity = (row.daysellqty ?? 0) + (row.cfsellqty ?? 0);
    const average = row.netavgprc ?? 0;
    return {
      tradingSymbol: mapped?.tradingSymbol ?? row.tsym,
      internalToken: mapped?.internalToken ?? row.token ?? '',
      product: productOf(row.prd),
      quantity: row.netqty,
      buyQuantity,
      sellQuantity,
      buyValue: roundMoney((row.daybuyamt ?? 0) + (row.cfbuyamt ?? 0)),
      sellValue: roundMoney((row.daysellamt ?? 0) + (row.cfsellamt ?? 0)),
      lastTradedPrice: row.lp ?? average,
      ...(row.netqty !== 0 ? { averagePrice: average } : {}),
    };
  });
}

/** Available is cash plus pay-in less the margin in use; utilised is that margin. */
export const fromFlattradeLimits = (limits: FlattradeLimits): BrokerMargin => {
  const used = limits.marginused ?? 0;
  return marginOf(limits.cash + (limits.payin ?? 0) - used, used);
};
