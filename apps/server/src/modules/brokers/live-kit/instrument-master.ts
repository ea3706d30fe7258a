import type { BrokerKey } from '@xtrader/core/api/brokers';
import { istDateOf, istEpochMs } from '@xtrader/core/market/dates';
import { futureSymbol, type OptionType, optionSymbol } from '@xtrader/core/market/symbols';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Logger } from '../../../logger';
import type { Database } from '../../../store/database';
import type { InstrumentDirectory, InstrumentRecord } from '../../instruments/contract';
import { BrokerCallError } from './errors';

/** One contract as a broker's published instrument master lists it, keyed to our contract by its terms. */
export interface BrokerContract {
  /** The broker's id of the contract (Upstox `NSE_FO|43919`, Dhan's security id, Angel One's symbol token ...). */
  instrumentId: string;
  /** The broker's trading symbol, where its orders name one. */
  tradingSymbol: string;
  /** The broker's word for the exchange segment (NSE_FO, NFO, BSE_FNO ...). */
  exchange: string;
  /** Our index name (NIFTY, BANKNIFTY, ...). */
  underlying: string;
  /** `YYYY-MM-DD`. */
  expiry: string;
  strike: number;
  optionType: 'CE' | 'PE' | 'FUT';
  lotSize: number;
}

export interface BrokerInstrumentMasterDeps {
  broker: BrokerKey;
  /** How the broker is named to a trader. */
  name: string;
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  /**
   * Our instrument master: the contract a trader picked, by our trading symbol. When it can adopt listed contracts
   * (the master built from linked brokers' masters, XT_INSTRUMENTS_SOURCE=auto), each loaded copy is handed to it.
   */
  directory: InstrumentDirectory & ListedContractsSink;
  /**
   * Downloads the broker's published master from its documented URL and keeps the index options and futures of
   * our indices, in our terms (underlying name, ISO expiry, strike, CE/PE/FUT).
   */
  download(): Promise<BrokerContract[]>;
}

/** Where a broker's loaded master goes to become our instrument master's contracts (the instruments service). */
export interface ListedContractsSink {
  adoptListed?(broker: BrokerKey, contracts: readonly BrokerContract[]): void;
}

/** Brokers publish the day's master early in the morning; a copy fetched before this IST hour is refreshed after it. */
const PUBLISH_HOUR_IST = 8;
/**
 * A contract missing from the day's copy (listed by the broker later in the day, or a copy taken before the broker
 * finished publishing) is looked for in a fresh download, at most once per this interval.
 */
const REFETCH_ON_MISS_MS = 10 * 60_000;

const termsKey = (underlying: string, expiry: string, strike: number, type: string) =>
  `${underlying}|${expiry}|${Number(strike)}|${type}`;

const keyOfRecord = (record: InstrumentRecord): string | undefined =>
  record.expiry && record.instrument_type !== 'INDEX'
    ? termsKey(record.name, record.expiry, record.strike, record.instrument_type)
    : undefined;

interface Loaded {
  fetchedAt: number;
  byTerms: Map<string, BrokerContract>;
  byId: Map<string, BrokerContract>;
}

/**
 * A live broker's instrument master of the day: downloaded once a day from the broker (daily, after it publishes),
 * kept in the store so a restart does not fetch it again, and used to turn the contract a trader picked into the
 * broker's exact id. A contract the broker does not list is refused before anything is sent.
 */
export function createBrokerInstrumentMaster(deps: BrokerInstrumentMasterDeps) {
  const { broker, name, db, clock, logger } = deps;
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;

  /** The first moment a copy fetched at `fetchedAt` is out of date. */
  const staleAfter = (fetchedAt: number): number => {
    const day = istDateOf(fetchedAt);
    const publish = istEpochMs(day, PUBLISH_HOUR_IST);
    return fetchedAt < publish ? publish : istEpochMs(day, 24 + PUBLISH_HOUR_IST);
  };
  const fresh = (copy: { fetchedAt: number }) => clock.now() < staleAfter(copy.fetchedAt);

  const index = (fetchedAt: number, contracts: BrokerContract[]): Loaded => {
    deps.directory.adoptListed?.(broker, contracts);
    const byTerms = new Map<string, BrokerContract>();
    const byId = new Map<string, BrokerContract>();
    for (const contract of contracts) {
      byTerms.set(termsOf(contract), contract);
      byId.set(contract.instrumentId, contract);
    }
    return { fetchedAt, byTerms, byId };
  };

  const readStored = async (): Promise<Loaded | undefined> => {
    const row = await db
      .selectFrom('brokerInstrumentMasters')
      .select(['fetchedAt', 'contracts'])
      .where('broker', '=', broker)
      .executeTakeFirst();
    return row ? index(Number(row.fetchedAt), JSON.parse(row.contracts) as BrokerContract[]) : undefined;
  };

  const downloadAndStore = async (): Promise<Loaded> => {
    const contracts = await deps.download();
    const fetchedAt = clock.now();
    const values = { broker, fetchedAt, contracts: JSON.stringify(contracts) };
    await db
      .insertInto('brokerInstrumentMasters')
      .values(values)
      .onConflict((oc) => oc.column('broker').doUpdateSet({ fetchedAt, contracts: values.contracts }))
      .execute();
    logger.info({ broker, contracts: contracts.length }, 'broker instrument master downloaded');
    return index(fetchedAt, contracts);
  };

  const load = async (): Promise<Loaded> => {
    const stored = loaded ?? (await readStored());
    if (stored && fresh(stored)) return stored;
    try {
      return await downloadAndStore();
    } catch (error) {
      // Yesterday's list still names every contract that has not expired: better than refusing every order.
      if (stored) {
        logger.warn({ err: error, broker }, 'broker instrument master download failed; using the last copy');
        return stored;
      }
      throw new BrokerCallError(
        'network',
        `${name}: the instrument list could not be downloaded (${error instanceof Error ? error.message : String(error)})`,
        false,
      );
    }
  };

  const current = async (): Promise<Loaded> => {
    if (loaded && fresh(loaded)) return loaded;
    loading ??= load().finally(() => {
      loading = undefined;
    });
    loaded = await loading;
    return loaded;
  };

  /** A fresh download after a miss, unless the copy is younger than REFETCH_ON_MISS_MS; shared by concurrent misses. */
  const afterMiss = async (copy: Loaded): Promise<Loaded> => {
    if (clock.now() - copy.fetchedAt < REFETCH_ON_MISS_MS) return copy;
    loading ??= downloadAndStore()
      .catch((error: unknown) => {
        logger.warn({ err: error, broker }, 'broker instrument master refresh after a miss failed');
        return copy;
      })
      .finally(() => {
        loading = undefined;
      });
    loaded = await loading;
    return loaded;
  };

  return {
    /**
     * The broker's contract for one of our trading symbols; a `rejected` BrokerCallError (nothing was sent) when the
     * broker does not list it.
     */
    async contractFor(tradingSymbol: string): Promise<BrokerContract> {
      const record = deps.directory.bySymbol(tradingSymbol);
      const key = record ? keyOfRecord(record) : undefined;
      const copy = key ? await current() : undefined;
      const contract =
        key && copy ? (copy.byTerms.get(key) ?? (await afterMiss(copy)).byTerms.get(key)) : undefined;
      if (!contract) {
        throw new BrokerCallError('rejected', `${name} does not list ${tradingSymbol}`, false);
      }
      return contract;
    },

    /** Our trading symbol of a broker's instrument id (its order book, positions), when both list the contract. */
    async symbolOf(instrumentId: string): Promise<string | undefined> {
      const contract = (await current()).byId.get(instrumentId);
      return contract ? ourSymbolOf(deps.directory, contract) : undefined;
    },

    /** Downloads today's master now (at start-up, so the first order does not wait for it). */
    async warm(): Promise<void> {
      await current();
    },

    /**
     * Starts today's download without waiting for it (after a login, or at start-up while sessions are live), so
     * neither they nor the first order wait; a failure is logged and retried by the first call that needs the master.
     */
    warmInBackground(): void {
      current().catch((error: unknown) =>
        logger.warn({ err: error, broker }, 'broker instrument master download failed; retried on first use'),
      );
    },
  };
}

/** Our (Kite-format) symbol of a broker's contract: a weekly and a monthly spelling are tried against our master. */
function ourSymbolOf(directory: InstrumentDirectory, contract: BrokerContract): string | undefined {
  const candidates =
    contract.optionType === 'FUT'
      ? [futureSymbol(contract.underlying, contract.expiry)]
      : (['weekly', 'monthly'] as const).map((kind) =>
          optionSymbol({
            name: contract.underlying,
            expiry: { date: contract.expiry, kind },
            strike: contract.strike,
            optionType: contract.optionType as OptionType,
          }),
        );
  return candidates.find((symbol) => {
    const record = directory.bySymbol(symbol);
    return record !== undefined && keyOfRecord(record) === termsOf(contract);
  });
}

const termsOf = (contract: BrokerContract) =>
  termsKey(contract.underlying, contract.expiry, contract.strike, contract.optionType);

export type BrokerInstrumentMaster = ReturnType<typeof createBrokerInstrumentMaster>;

/**
 * The brokers' masters kept in the store (all brokers, or one), as their instances last downloaded them: another
 * instance of a cluster (or this one after a restart) adopts the contracts they list without downloading again.
 */
export async function storedBrokerMasters(
  db: Kysely<Database>,
  broker?: BrokerKey,
): Promise<Array<{ broker: BrokerKey; contracts: BrokerContract[] }>> {
  let query = db.selectFrom('brokerInstrumentMasters').select(['broker', 'contracts']);
  if (broker !== undefined) query = query.where('broker', '=', broker);
  const rows = await query.execute();
  return rows.map((row) => ({
    broker: row.broker as BrokerKey,
    contracts: JSON.parse(row.contracts) as BrokerContract[],
  }));
}
