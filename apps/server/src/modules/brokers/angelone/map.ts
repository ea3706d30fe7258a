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
import type {
  AngelModifyBody,
  AngelOrderType,
  AngelPlaceBody,
  AngelProduct,
  AngelVariety,
} from './angelone-api';
import { plainRefusal } from './angelone-errors';
import type { AngelOrder, AngelPosition, AngelRms } from './angelone-schemas';

// Translation between our broker commands and SmartAPI's order API. Exchanges refuse stop-market orders on index
// options, so every stop-loss goes out as STOPLOSS_LIMIT (variety STOPLOSS) with a protective limit; market and
// limit orders are variety NORMAL. Quantities are units, as Angel One counts derivatives.

/** An order-book row with our trading symbol, when both instrument masters list the contract. */
export type AngelRow = AngelOrder & { ourSymbol?: string | undefined };

/** What modify and cancel need of an order: SmartAPI's modify restates the whole order. */
export interface AngelKnown extends PlacedOrder {
  variety: AngelVariety;
  producttype: AngelProduct;
  brokerSymbol: string;
  symboltoken: string;
  exchange: string;
  quantity: number;
}

const PRODUCT: Record<ProductType, AngelProduct> = { normal: 'CARRYFORWARD', intraday: 'INTRADAY' };

const ORDER_TYPES: Record<string, BrokerOrderType> = {
  MARKET: 'market',
  LIMIT: 'limit',
  STOPLOSS_LIMIT: 'stoploss',
  STOPLOSS_MARKET: 'stoploss_market',
};

/** Angel One's ordertag must be shorter than 20 characters; our ids are 12 plus short workflow suffixes. */
const TAG_LIMIT = 19;

const price = (value: number | undefined) => (value !== undefined ? String(value) : '0');

type Pricing = { variety: AngelVariety; ordertype: AngelOrderType; price: number; triggerprice: number };

const priced = (cmd: PricingCommand): Pricing =>
  pricedByOrderType<Pricing>(cmd, {
    market: () => ({ variety: 'NORMAL', ordertype: 'MARKET', price: 0, triggerprice: 0 }),
    limit: (price) => ({ variety: 'NORMAL', ordertype: 'LIMIT', price: price ?? 0, triggerprice: 0 }),
    stopLimit: (trigger, price) => ({
      variety: 'STOPLOSS',
      ordertype: 'STOPLOSS_LIMIT',
      triggerprice: trigger,
      price,
    }),
  });

/** Our order as SmartAPI's placeOrder body, for the contract the scrip master lists. */
export function toAngelPlacement(cmd: PlaceOrderCommand, contract: BrokerContract): AngelPlaceBody {
  const pricing = priced(cmd);
  return {
    variety: pricing.variety,
    tradingsymbol: contract.tradingSymbol,
    symboltoken: contract.instrumentId,
    transactiontype: cmd.side === 'buy' ? 'BUY' : 'SELL',
    exchange: cmd.exchange === 'BFO' ? 'BFO' : 'NFO',
    ordertype: pricing.ordertype,
    producttype: PRODUCT[cmd.product],
    duration: 'DAY',
    price: price(pricing.price),
    triggerprice: price(pricing.triggerprice),
    squareoff: '0',
    stoploss: '0',
    quantity: String(cmd.quantity),
    ...(cmd.clientOrderId.length <= TAG_LIMIT ? { ordertag: cmd.clientOrderId } : {}),
  };
}

/** What is known of an order we just placed. */
export function knownOfPlacement(cmd: PlaceOrderCommand, body: AngelPlaceBody): AngelKnown {
  const stop = body.variety === 'STOPLOSS';
  return {
    orderType: cmd.orderType,
    side: cmd.side,
    tradingSymbol: cmd.tradingSymbol,
    ...(body.ordertype !== 'MARKET' ? { price: Number(body.price) } : {}),
    ...(stop ? { triggerPrice: Number(body.triggerprice) } : {}),
    variety: body.variety,
    producttype: body.producttype,
    brokerSymbol: body.tradingsymbol,
    symboltoken: body.symboltoken,
    exchange: body.exchange,
    quantity: cmd.quantity,
  };
}

/** The modifyOrder body: the order restated with the change (a moved stop keeps its protective limit). */
export function toAngelModification(
  orderid: string,
  current: AngelKnown,
  change: ModifyOrderCommand,
): AngelModifyBody {
  const limit = change.price ?? (change.triggerPrice === undefined ? current.price : undefined);
  const trigger = change.triggerPrice ?? current.triggerPrice;
  const pricing = priced({
    orderType: change.orderType ?? current.orderType,
    side: current.side,
    ...(trigger !== undefined ? { triggerPrice: trigger } : {}),
    ...(change.stopLimitOffset !== undefined ? { stopLimitOffset: change.stopLimitOffset } : {}),
    ...(limit !== undefined ? { price: limit } : {}),
  });
  return {
    variety: pricing.variety,
    orderid,
    ordertype: pricing.ordertype,
    producttype: current.producttype,
    duration: 'DAY',
    price: price(pricing.price),
    triggerprice: price(pricing.triggerprice),
    quantity: String(change.quantity ?? current.quantity),
    tradingsymbol: current.brokerSymbol,
    symboltoken: current.symboltoken,
    exchange: current.exchange,
  };
}

/**
 * SmartAPI's status words (`orderstatus`; `status` may read `modified` for a modified trigger-pending order). Words
 * of a request still being validated or applied are in flight.
 */
const angelStatusOf = statusWords();
const reportStatusOf = (row: AngelOrder): OrderReport['status'] =>
  angelStatusOf(row.orderstatus || row.status);

const isStop = (row: AngelOrder) => row.ordertype.toUpperCase().startsWith('STOPLOSS');

export const toOrderReport = (row: AngelOrder): OrderReport =>
  reportOf({
    orderId: row.orderid,
    status: reportStatusOf(row),
    quantity: row.quantity,
    filledQuantity: row.filledshares,
    averagePrice: row.averageprice,
    price: row.price,
    triggerPrice: isStop(row) ? row.triggerprice : undefined,
    message: row.text ? plainRefusal(row.text) : row.text,
  });

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** SmartAPI times as `20-Oct-2020 13:10:59` (IST); undefined when unreadable. */
export function parseAngelTime(text: string | undefined): number | undefined {
  const match = /^(\d{2})-([A-Za-z]{3})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text?.trim() ?? '');
  if (!match) return undefined;
  const [, d, mon, y, hh, mm, ss] = match as unknown as string[];
  const month = MONTHS.indexOf((mon as string).toUpperCase()) + 1;
  if (month === 0) return undefined;
  const date = `${y}-${String(month).padStart(2, '0')}-${d}`;
  return istEpochMs(date, Number(hh), Number(mm), Number(ss));
}

export const eventTsOf = (row: AngelOrder): number | undefined =>
  parseAngelTime(row.exchorderupdatetime) ?? parseAngelTime(row.updatetime);

const fromProduct = (product: string): ProductType =>
  product.toUpperCase() === 'INTRADAY' ? 'intraday' : 'normal';

export const fromAngelOrder = (row: AngelRow, now: number): BrokerOrderSnapshot =>
  snapshotOf(toOrderReport(row), {
    clientOrderId: row.ordertag || undefined,
    tradingSymbol: row.ourSymbol ?? row.tradingsymbol,
    side: row.transactiontype === 'BUY' ? 'buy' : 'sell',
    orderType: ORDER_TYPES[row.ordertype.toUpperCase()] ?? 'limit',
    product: fromProduct(row.producttype),
    updatedTs: eventTsOf(row) ?? now,
  });

export function knownOfRow(row: AngelRow, now: number): AngelKnown {
  const snapshot = fromAngelOrder(row, now);
  return {
    orderType: snapshot.orderType,
    side: snapshot.side,
    tradingSymbol: snapshot.tradingSymbol,
    ...(snapshot.price !== undefined ? { price: snapshot.price } : {}),
    ...(snapshot.triggerPrice !== undefined ? { triggerPrice: snapshot.triggerPrice } : {}),
    variety: row.variety.toUpperCase() === 'STOPLOSS' ? 'STOPLOSS' : 'NORMAL',
    producttype: row.producttype.toUpperCase() === 'INTRADAY' ? 'INTRADAY' : 'CARRYFORWARD',
    brokerSymbol: row.tradingsymbol,
    symboltoken: row.symboltoken ?? '',
    exchange: row.exchange,
    quantity: row.quantity,
  };
}

/**
 * Net positions, mapped to our symbols and tokens; rows of contracts we do not list keep Angel One's symbol.
 * Buy and sell amounts are used when present, else derived from quantities and the net average.
 */
export function fromAngelPositions(
  rows: readonly AngelPosition[],
  ours: (row: AngelPosition) => { tradingSymbol: string; internalToken: string } | undefined,
): BrokerPosition[] {
  return rows.map((row) => {
    const buyQuantity = row.buyqty ?? Math.max(0, row.netqty);
    const sellQuantity = row.sellqty ?? Math.max(0, -row.netqty);
    const average = row.avgnetprice ?? 0;
    const mapped = ours(row);
    return {
      tradingSymbol: mapped?.tradingSymbol ?? row.tradingsymbol,
      internalToken: mapped?.internalToken ?? row.symboltoken,
      product: fromProduct(row.producttype),
      quantity: row.netqty,
      buyQuantity,
      sellQuantity,
      buyValue: roundMoney(row.buyamount ?? buyQuantity * average),
      sellValue: roundMoney(row.sellamount ?? sellQuantity * average),
      lastTradedPrice: row.ltp ?? average,
      ...(row.netqty !== 0 && average > 0 ? { averagePrice: average } : {}),
    };
  });
}

/** Available is RMS `net`, utilised its `utiliseddebits`; total is their sum. */
export const fromAngelRms = (rms: AngelRms): BrokerMargin => marginOf(rms.net, rms.utiliseddebits ?? 0);
