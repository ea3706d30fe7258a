import { type Expiry, listExpiries } from '@xtrader/core/market/expiry';
import {
  INDEX_NAMES,
  INDEX_TABLE,
  type IndexInfo,
  type IndexName,
  type IndexTable,
} from '@xtrader/core/market/indices';
import {
  atmStrike,
  futureSymbol,
  type OptionType,
  optionIdentifier,
  optionSymbol,
  strikesAround,
} from '@xtrader/core/market/symbols';
import { futureIdentifier, generatedExchangeToken, instrumentToken, type MasterInstrument } from './master';

/** Strikes listed each side of the at-the-money strike (NIFTY: +/- 2,000 points). */
export const STRIKES_EACH_SIDE = 40;

export interface GenerateOptions {
  now: number;
  table?: IndexTable;
  strikesEachSide?: number;
  /** Current spot of an index, if known; the chain is centred on it, else on the table's reference spot. */
  spotOf?: (name: IndexName) => number | undefined;
}

/** The index itself, with its real Kite token (e.g. NIFTY 50 = 256265 = 1001 * 256 + 9). */
export const indexInstrument = (info: Readonly<IndexInfo>): MasterInstrument => ({
  internalToken: String(info.underlyingToken),
  tradingsymbol: info.displayName,
  name: info.name,
  expiry: null,
  strike: 0,
  instrument_type: 'INDEX',
  tick_size: info.tickSize,
  lot_size: 0,
  exchange: info.underlyingExchange,
  exchange_token: String(Math.floor(info.underlyingToken / 256)),
  identifier: info.displayName,
  segment: 'INDICES',
  last_price: 0,
});

export const futureRow = (info: Readonly<IndexInfo>, ordinal: number, expiry: Expiry): MasterInstrument => {
  const exchangeToken = generatedExchangeToken(ordinal, expiry.date, 'FUT', 0);
  return {
    internalToken: String(instrumentToken(exchangeToken, info.exchange)),
    tradingsymbol: futureSymbol(info.name, expiry.date),
    name: info.name,
    expiry: expiry.date,
    strike: 0,
    instrument_type: 'FUT',
    tick_size: info.tickSize,
    lot_size: info.lotSize,
    exchange: info.exchange,
    exchange_token: String(exchangeToken),
    identifier: futureIdentifier(info.name, expiry.date),
    segment: `${info.exchange}-FUT`,
    last_price: 0,
  };
};

export const optionRow = (
  info: Readonly<IndexInfo>,
  ordinal: number,
  expiry: Expiry,
  strike: number,
  optionType: OptionType,
): MasterInstrument => {
  const exchangeToken = generatedExchangeToken(ordinal, expiry.date, optionType, strike);
  const contract = { name: info.name, expiry, strike, optionType };
  return {
    internalToken: String(instrumentToken(exchangeToken, info.exchange)),
    tradingsymbol: optionSymbol(contract),
    name: info.name,
    expiry: expiry.date,
    strike,
    instrument_type: optionType,
    tick_size: info.tickSize,
    lot_size: info.lotSize,
    exchange: info.exchange,
    exchange_token: String(exchangeToken),
    identifier: optionIdentifier(contract),
    segment: `${info.exchange}-OPT`,
    last_price: 0,
  };
};

/** One index's rows: the index, a future per monthly expiry, and CE/PE over the strike range of every expiry. */
export function generateIndexInstruments(name: IndexName, options: GenerateOptions): MasterInstrument[] {
  const table = options.table ?? INDEX_TABLE;
  const info = table[name];
  const ordinal = INDEX_NAMES.indexOf(name);
  const centre = options.spotOf?.(name) ?? info.referenceSpot;
  const strikes = strikesAround(
    atmStrike(centre, info.strikeStep),
    info.strikeStep,
    options.strikesEachSide ?? STRIKES_EACH_SIDE,
  );
  const rows: MasterInstrument[] = [indexInstrument(info)];
  for (const expiry of listExpiries(name, options.now, table)) {
    if (expiry.kind === 'monthly') rows.push(futureRow(info, ordinal, expiry));
    for (const strike of strikes) {
      rows.push(
        optionRow(info, ordinal, expiry, strike, 'CE'),
        optionRow(info, ordinal, expiry, strike, 'PE'),
      );
    }
  }
  return rows;
}

/** The offline instrument master: every index's listed, unexpired contracts at `now`. */
export function generateInstruments(options: GenerateOptions): MasterInstrument[] {
  return INDEX_NAMES.flatMap((name) => generateIndexInstruments(name, options));
}
