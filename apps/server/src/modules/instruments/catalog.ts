import { compareIsoDates, type IsoDate } from '@xtrader/core/market/dates';
import type { Exchange } from '@xtrader/core/market/exchanges';
import { isExpiryLive } from '@xtrader/core/market/expiry';
import type { InstrumentDirectory, InstrumentRecord } from './contract';
import type { MasterInstrument } from './master';

type OptionKind = 'CE' | 'PE';

/** The contracts of one index and expiry. */
interface ExpiryChain {
  expiry: IsoDate;
  /** Where the chain trades: its contracts expire at this exchange's close. */
  exchange: Exchange;
  CE: Map<number, MasterInstrument>;
  PE: Map<number, MasterInstrument>;
  future?: MasterInstrument;
}

/** Immutable lookup tables built from one master; a new master builds new tables and swaps them in. */
interface Tables {
  byToken: Map<string, MasterInstrument>;
  bySymbol: Map<string, MasterInstrument>;
  /** Index name -> its chains, soonest expiry first. */
  chains: Map<string, ExpiryChain[]>;
  indices: Map<string, MasterInstrument>;
  size: number;
}

function chainOf(chains: Map<string, ExpiryChain[]>, row: MasterInstrument, expiry: IsoDate): ExpiryChain {
  const { name, exchange } = row;
  let list = chains.get(name);
  if (!list) {
    list = [];
    chains.set(name, list);
  }
  let chain = list.find((c) => c.expiry === expiry);
  if (!chain) {
    chain = { expiry, exchange, CE: new Map(), PE: new Map() };
    list.push(chain);
  }
  return chain;
}

function buildTables(rows: readonly MasterInstrument[]): Tables {
  const tables: Tables = {
    byToken: new Map(),
    bySymbol: new Map(),
    chains: new Map(),
    indices: new Map(),
    size: rows.length,
  };
  for (const row of rows) {
    tables.byToken.set(row.internalToken, row);
    tables.bySymbol.set(row.tradingsymbol, row);
    if (row.instrument_type === 'INDEX') tables.indices.set(row.name, row);
    else if (row.expiry !== null) {
      const chain = chainOf(tables.chains, row, row.expiry);
      if (row.instrument_type === 'FUT') chain.future = row;
      else chain[row.instrument_type].set(row.strike, row);
    }
  }
  for (const list of tables.chains.values()) list.sort((a, b) => compareIsoDates(a.expiry, b.expiry));
  return tables;
}

/**
 * The in-memory instrument master: the synchronous `InstrumentDirectory` other modules use on the hot path, plus
 * the option-chain queries of the instrument endpoints. `replace` swaps in a whole new master at once.
 */
export class InstrumentCatalog implements InstrumentDirectory {
  private tables: Tables = buildTables([]);

  replace(rows: readonly MasterInstrument[]): void {
    this.tables = buildTables(rows);
  }

  get size(): number {
    return this.tables.size;
  }

  byToken(internalToken: string): MasterInstrument | undefined {
    return this.tables.byToken.get(internalToken);
  }

  bySymbol(tradingsymbol: string): MasterInstrument | undefined {
    return this.tables.bySymbol.get(tradingsymbol);
  }

  isExpired(instrument: InstrumentRecord, now: number): boolean {
    return instrument.expiry !== null && !isExpiryLive(instrument.expiry, now, instrument.exchange);
  }

  /** The index row of an underlying (its trading symbol is the quote name, e.g. `NIFTY 50`). */
  indexOf(name: string): MasterInstrument | undefined {
    return this.tables.indices.get(name);
  }

  /** Expiries with listed options, soonest first, not expired at `now`. */
  optionExpiries(name: string, now: number): IsoDate[] {
    return this.liveChains(name, now)
      .filter((chain) => chain.CE.size > 0 || chain.PE.size > 0)
      .map((chain) => chain.expiry);
  }

  /** Listed strikes of one expiry and right, ascending. */
  strikes(name: string, expiry: IsoDate, optionType: OptionKind): number[] {
    const chain = this.chain(name, expiry);
    return chain ? [...chain[optionType].keys()].sort((a, b) => a - b) : [];
  }

  option(
    name: string,
    expiry: IsoDate,
    optionType: OptionKind,
    strike: number,
  ): MasterInstrument | undefined {
    return this.chain(name, expiry)?.[optionType].get(strike);
  }

  future(name: string, expiry: IsoDate): MasterInstrument | undefined {
    return this.chain(name, expiry)?.future;
  }

  /** The listed strike closest to `price` (ties take the higher strike), or undefined for an empty chain. */
  nearestStrike(name: string, expiry: IsoDate, optionType: OptionKind, price: number): number | undefined {
    let best: number | undefined;
    for (const strike of this.chain(name, expiry)?.[optionType].keys() ?? []) {
      const closer = best === undefined || Math.abs(strike - price) < Math.abs(best - price);
      const tieAbove =
        best !== undefined && Math.abs(strike - price) === Math.abs(best - price) && strike > best;
      if (closer || tieAbove) best = strike;
    }
    return best;
  }

  /** Every row, in no particular order (for the store and tests). */
  all(): IterableIterator<MasterInstrument> {
    return this.tables.byToken.values();
  }

  private chain(name: string, expiry: IsoDate): ExpiryChain | undefined {
    return this.tables.chains.get(name)?.find((c) => c.expiry === expiry);
  }

  private liveChains(name: string, now: number): ExpiryChain[] {
    return (this.tables.chains.get(name) ?? []).filter((chain) =>
      isExpiryLive(chain.expiry, now, chain.exchange),
    );
  }
}
