import { marketCloseMs } from '@xtrader/core/market/hours';
import { INDEX_TABLE, type IndexName } from '@xtrader/core/market/indices';
import { optionIdentifier, optionSymbol } from '@xtrader/core/market/symbols';
import type { InstrumentDirectory, InstrumentRecord } from '../../src/modules/instruments/contract';

/** An in-memory instrument master for tests. */
export class FakeInstruments implements InstrumentDirectory {
  private readonly byTokenMap = new Map<string, InstrumentRecord>();
  private readonly bySymbolMap = new Map<string, InstrumentRecord>();

  constructor(records: readonly InstrumentRecord[] = []) {
    for (const record of records) this.add(record);
  }

  add(record: InstrumentRecord): InstrumentRecord {
    this.byTokenMap.set(record.internalToken, record);
    this.bySymbolMap.set(record.tradingsymbol, record);
    return record;
  }

  byToken(internalToken: string): InstrumentRecord | undefined {
    return this.byTokenMap.get(internalToken);
  }

  bySymbol(tradingsymbol: string): InstrumentRecord | undefined {
    return this.bySymbolMap.get(tradingsymbol);
  }

  isExpired(instrument: InstrumentRecord, now: number): boolean {
    return instrument.expiry !== null && marketCloseMs(instrument.exchange, instrument.expiry) <= now;
  }
}

let tokenCounter = 1000;

/** An index option record with the index table's lot size and the Kite symbol of a weekly contract. */
export function optionRecord(
  index: IndexName,
  expiry: string,
  strike: number,
  type: 'CE' | 'PE',
  overrides: Partial<InstrumentRecord> = {},
): InstrumentRecord {
  const info = INDEX_TABLE[index];
  const spec = { name: index, expiry: { date: expiry, kind: 'weekly' as const }, strike, optionType: type };
  tokenCounter += 1;
  return {
    internalToken: String(tokenCounter),
    tradingsymbol: optionSymbol(spec),
    name: index,
    expiry,
    strike,
    instrument_type: type,
    tick_size: 0.05,
    lot_size: info.lotSize,
    exchange: info.exchange,
    exchange_token: String(tokenCounter),
    identifier: optionIdentifier(spec),
    segment: `${info.exchange}-OPT`,
    ...overrides,
  };
}

/** An index future record. */
export function futureRecord(index: IndexName, expiry: string, symbol: string): InstrumentRecord {
  const info = INDEX_TABLE[index];
  tokenCounter += 1;
  return {
    internalToken: String(tokenCounter),
    tradingsymbol: symbol,
    name: index,
    expiry,
    strike: 0,
    instrument_type: 'FUT',
    tick_size: 0.05,
    lot_size: info.lotSize,
    exchange: info.exchange,
    exchange_token: String(tokenCounter),
    identifier: `${index} FUT`,
    segment: `${info.exchange}-FUT`,
  };
}
