import { createHash } from 'node:crypto';
import type { Instrument } from '@xtrader/core/api/instruments';
import { type IsoDate, istDateOf } from '@xtrader/core/market/dates';
import { listExpiries } from '@xtrader/core/market/expiry';
import { marketOpenMs } from '@xtrader/core/market/hours';
import { INDEX_NAMES, INDEX_TABLE, type IndexName } from '@xtrader/core/market/indices';
import { atmStrike } from '@xtrader/core/market/symbols';
import type { Clock } from '../../clock';
import { DomainError } from '../../domain-error';
import type { Logger } from '../../logger';
import type { MarketData, PriceView } from '../market/contract';
import type { InstrumentCatalog } from './catalog';
import { parseKiteInstrumentsCsv, readInstrumentsCsv } from './csv-import';
import { generateInstruments, indexInstrument } from './generate';
import { type ListedContract, listedContractRows, termsOf } from './listed-rows';
import type { MasterInstrument } from './master';
import type { InstrumentStore, SearchQuery } from './store';

type Quotes = Pick<MarketData, 'getQuote'>;

export interface InstrumentServiceDeps {
  catalog: InstrumentCatalog;
  store: InstrumentStore;
  clock: Clock;
  logger: Logger;
  /** Kite-format CSV (path or URL); undefined generates the master from the index table and calendar. */
  csvSource: string | undefined;
  /** Live quotes, for the current spot and the `ltp`/`iv` of returned instruments. */
  quotes: Pick<MarketData, 'getQuote'>;
  /**
   * Trading symbols someone holds (open positions, working orders): a rebuilt generated master keeps those that
   * have not expired, even when the strikes around a moved spot no longer include them.
   */
  heldSymbols?: () => Iterable<string> | Promise<Iterable<string>>;
  /**
   * Instead of generating the master, build it from the masters of the live brokers users link, once one is
   * loaded (XT_INSTRUMENTS_SOURCE=auto without an instruments CSV): their contracts are the exchange's.
   */
  fromBrokerMasters?: boolean;
}

/** How long before the open the master is rebuilt (Kite publishes the day's dump in the morning, before it). */
export const PRE_OPEN_REFRESH_MS = 30 * 60_000;
/** Longest an instruments download may take. */
const CSV_TIMEOUT_MS = 60_000;

export interface RefreshReport {
  source: 'generated' | 'csv' | 'store' | 'brokers';
  instruments: number;
  malformed: number;
}

const MAX_LOGGED_MALFORMED = 20;

/** A row's contract terms, as `termsOf` spells a listed contract's. */
const termsOfRow = (row: MasterInstrument): string =>
  termsOf({
    underlying: row.name,
    expiry: row.expiry ?? '',
    strike: row.strike,
    optionType: row.instrument_type as ListedContract['optionType'],
    lotSize: row.lot_size,
  });

/** The instrument master: building it (generated or imported), and the questions the endpoints ask of it. */
export function createInstrumentService(deps: InstrumentServiceDeps) {
  const { catalog, store, clock, logger, quotes } = deps;

  const spotOf = (name: IndexName, view: PriceView, from: Quotes = quotes): number | undefined =>
    from.getQuote(INDEX_TABLE[name].displayName, view)?.lastPrice;

  const generate = (): MasterInstrument[] =>
    generateInstruments({ now: clock.now(), spotOf: (name) => spotOf(name, 'live') });

  /** Index rows always come from the core table: broker dumps of NFO/BFO carry none. */
  const withIndexRows = (rows: MasterInstrument[]): MasterInstrument[] => [
    ...INDEX_NAMES.map((name) => indexInstrument(INDEX_TABLE[name])),
    ...rows,
  ];

  /**
   * The API shape of a master row, with the price and IV of the caller's view when known, read from the caller's
   * own price source (their broker's stream) when given: never another source's price for someone who has one.
   */
  const withQuote = (row: MasterInstrument, view: PriceView, from: Quotes = quotes): Instrument => {
    const quote = from.getQuote(row.tradingsymbol, view);
    return { ...row, ltp: quote?.lastPrice ?? null, iv: quote?.iv ?? null };
  };

  async function importCsv(location: string): Promise<{ rows: MasterInstrument[]; malformed: number }> {
    const text = await readInstrumentsCsv(location, AbortSignal.timeout(CSV_TIMEOUT_MS));
    const parsed = parseKiteInstrumentsCsv(text, clock.now());
    for (const row of parsed.malformed.slice(0, MAX_LOGGED_MALFORMED)) {
      logger.warn({ line: row.line, reason: row.reason }, 'instruments CSV: malformed row skipped');
    }
    if (parsed.rows.length === 0) throw new Error('Instruments CSV holds no contract of the seven indices');
    return { rows: withIndexRows(parsed.rows), malformed: parsed.malformed.length };
  }

  /** The last master the store holds, minus what has expired since (when a fresh import fails). */
  async function fromStore(): Promise<MasterInstrument[]> {
    const now = clock.now();
    return (await store.loadAll()).filter((row) => !catalog.isExpired(row, now));
  }

  /** The held contracts of the current master that a new one lacks and that have not expired. */
  async function keptHeld(rows: readonly MasterInstrument[]): Promise<MasterInstrument[]> {
    if (!deps.heldSymbols) return [];
    let held: Set<string>;
    try {
      held = new Set(await deps.heldSymbols());
    } catch (error) {
      // The new master still goes in; a held contract the strikes no longer reach is then missing until the next.
      logger.error({ err: error }, 'held contracts unknown; the rebuilt master may drop some');
      return [];
    }
    const now = clock.now();
    const listed = new Set(rows.map((row) => row.tradingsymbol));
    const kept: MasterInstrument[] = [];
    for (const symbol of held) {
      if (listed.has(symbol)) continue;
      const row = catalog.bySymbol(symbol);
      if (row && row.instrument_type !== 'INDEX' && !catalog.isExpired(row, now)) kept.push(row);
    }
    return kept;
  }

  /** Each linked broker's listed contracts (broker -> its day's master), when the master is built from them. */
  const listed = new Map<string, readonly ListedContract[]>();
  /** A digest of each broker's adopted copy: the same copy again (another instance's word) rebuilds nothing. */
  const digests = new Map<string, string>();
  const adopts = () => Boolean(deps.fromBrokerMasters) && !deps.csvSource;
  /** Takes a broker's copy in; false when it is off, empty, or the copy already in. */
  const take = (broker: string, contracts: readonly ListedContract[]): boolean => {
    if (!adopts() || contracts.length === 0) return false;
    const digest = createHash('sha256').update(JSON.stringify(contracts)).digest('base64');
    if (digests.get(broker) === digest) return false;
    digests.set(broker, digest);
    listed.set(broker, contracts);
    return true;
  };
  let rebuilding: Promise<unknown> = Promise.resolve();

  async function build(): Promise<{ rows: MasterInstrument[]; report: RefreshReport }> {
    if (!deps.csvSource && listed.size > 0) {
      // The generated chains stay (same symbols and tokens as before); the brokers' contracts they lack are added.
      const generated = generate();
      const now = clock.now();
      const known = new Set(generated.map(termsOfRow));
      const kinds = new Map<string, 'weekly' | 'monthly'>();
      for (const name of INDEX_NAMES)
        for (const e of listExpiries(name, now)) kinds.set(`${name}|${e.date}`, e.kind);
      const extra = listedContractRows([...listed.values()].flat(), now, (name, date) =>
        kinds.get(`${name}|${date}`),
      ).filter((row) => !known.has(termsOfRow(row)));
      const fresh = [...generated, ...extra];
      const rows = [...fresh, ...(await keptHeld(fresh))];
      return { rows, report: { source: 'brokers', instruments: rows.length, malformed: 0 } };
    }
    if (!deps.csvSource) {
      const fresh = generate();
      const rows = [...fresh, ...(await keptHeld(fresh))];
      return { rows, report: { source: 'generated', instruments: rows.length, malformed: 0 } };
    }
    try {
      const { rows, malformed } = await importCsv(deps.csvSource);
      return { rows, report: { source: 'csv', instruments: rows.length, malformed } };
    } catch (error) {
      logger.error(
        { err: error, source: deps.csvSource },
        'instruments CSV import failed; keeping the last master',
      );
      const stored = await fromStore();
      const rows = stored.length > 0 ? stored : generate();
      const source = stored.length > 0 ? 'store' : 'generated';
      return { rows, report: { source, instruments: rows.length, malformed: 0 } };
    }
  }

  /** Rebuilds the master and swaps it in: the store in one transaction, then the in-memory catalog. */
  async function rebuild(): Promise<RefreshReport> {
    const { rows, report } = await build();
    if (report.source !== 'store') await store.replaceAll(rows);
    catalog.replace(rows);
    logger.info(report, 'instrument master loaded');
    return report;
  }

  /** One rebuild at a time, in order: a slower earlier one never swaps in after a later one. */
  function refresh(): Promise<RefreshReport> {
    const next = rebuilding.then(rebuild);
    rebuilding = next.catch(() => undefined);
    return next;
  }

  return {
    refresh,

    /**
     * A live broker's day's master was loaded (a user linked it, or its daily refresh): with `fromBrokerMasters`,
     * the master is rebuilt from every such broker's contracts, so contracts and their broker tokens agree.
     * Rebuilds run one at a time. Resolves once this one is in (false when the setting is off or the copy is the
     * one already in).
     */
    async adoptListed(broker: string, contracts: readonly ListedContract[]): Promise<boolean> {
      if (!take(broker, contracts)) return false;
      await refresh();
      return true;
    },

    /**
     * Brokers' copies known before the first build (kept in the store by this or another instance): taken in
     * without a rebuild, so the first master already lists their contracts.
     */
    holdListed(copies: ReadonlyArray<{ broker: string; contracts: readonly ListedContract[] }>): void {
      for (const copy of copies) take(copy.broker, copy.contracts);
    },

    /**
     * Changes whenever the master would: a new IST day, or a contract expiring at its close. The daily refresh
     * compares it with the last one built.
     */
    masterVersion(): string {
      const now = clock.now();
      const today = istDateOf(now);
      const expiries = INDEX_NAMES.map((name) => listExpiries(name, now)[0]?.date).join(',');
      // Once more each day shortly before the open (session table), when the broker's new dump is out.
      const preOpen = now >= marketOpenMs('NFO', today) - PRE_OPEN_REFRESH_MS ? 'pre-open' : 'night';
      return `${today}|${preOpen}|${expiries}`;
    },

    expiryDates: (name: IndexName): IsoDate[] => catalog.optionExpiries(name, clock.now()),

    strikes: (name: IndexName, expiry: IsoDate, optionType: 'CE' | 'PE'): number[] =>
      catalog.strikes(name, expiry, optionType),

    /**
     * At-the-money call and put of the nearest expiry, from the index's current spot in the caller's view of their
     * own price source (`from`; the shared one when not given).
     */
    latestOption(
      name: IndexName,
      view: PriceView,
      from: Quotes = quotes,
    ): { call: Instrument; put: Instrument } {
      const [expiry] = catalog.optionExpiries(name, clock.now());
      const strikes = expiry ? catalog.strikes(name, expiry, 'CE') : [];
      if (!expiry || strikes.length === 0)
        throw new DomainError('not_found', `No listed options for ${name}`);
      const spot = spotOf(name, view, from) ?? strikes[Math.floor(strikes.length / 2)]!;
      const atm = atmStrike(spot, INDEX_TABLE[name].strikeStep);
      const callStrike = catalog.nearestStrike(name, expiry, 'CE', atm);
      const putStrike = catalog.nearestStrike(name, expiry, 'PE', atm);
      const call = callStrike === undefined ? undefined : catalog.option(name, expiry, 'CE', callStrike);
      const put = putStrike === undefined ? undefined : catalog.option(name, expiry, 'PE', putStrike);
      if (!call || !put) throw new DomainError('not_found', `No listed options for ${name}`);
      return { call: withQuote(call, view, from), put: withQuote(put, view, from) };
    },

    find(filters: { name: IndexName; expiry: IsoDate; instrumentType: string; strike: number }) {
      const { name, expiry, instrumentType, strike } = filters;
      if (instrumentType === 'FUT') return catalog.future(name, expiry);
      if (instrumentType === 'INDEX') return catalog.indexOf(name);
      if (instrumentType !== 'CE' && instrumentType !== 'PE') return undefined;
      return catalog.option(name, expiry, instrumentType, strike);
    },

    search: (query: SearchQuery) => store.search(query),

    withQuote,
  };
}

export type InstrumentService = ReturnType<typeof createInstrumentService>;
