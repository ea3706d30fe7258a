import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../store/database';
import { type MasterInstrument, searchTextOf } from './master';
import type { InstrumentsTable } from './tables';

/** The search box's filters, already validated (GET /instruments/search). */
export interface SearchQuery {
  /** Free text; every whitespace-separated word must appear in the identifier or trading symbol. */
  text?: string | undefined;
  instrumentTypes?: readonly string[] | undefined;
  segments?: readonly string[] | undefined;
  underlyings?: readonly string[] | undefined;
  /** Zero-based. */
  page: number;
  limit: number;
}

export interface SearchPage {
  rows: MasterInstrument[];
  /** True when another page follows. */
  next: boolean;
}

// Within SQLite's bound-parameter limit (14 columns x 200 rows), and few round trips on PostgreSQL.
const INSERT_BATCH = 200;

const toRow = (i: MasterInstrument): Insertable<InstrumentsTable> => ({
  internalToken: i.internalToken,
  tradingsymbol: i.tradingsymbol,
  name: i.name,
  expiry: i.expiry,
  strike: i.strike,
  instrumentType: i.instrument_type,
  tickSize: i.tick_size,
  lotSize: i.lot_size,
  exchange: i.exchange,
  exchangeToken: i.exchange_token,
  identifier: i.identifier,
  segment: i.segment,
  lastPrice: i.last_price,
  searchText: searchTextOf(i),
});

const fromRow = (r: Selectable<InstrumentsTable>): MasterInstrument => ({
  internalToken: r.internalToken,
  tradingsymbol: r.tradingsymbol,
  name: r.name,
  expiry: r.expiry,
  strike: Number(r.strike),
  instrument_type: r.instrumentType,
  tick_size: Number(r.tickSize),
  lot_size: Number(r.lotSize),
  exchange: r.exchange,
  exchange_token: r.exchangeToken,
  identifier: r.identifier,
  segment: r.segment,
  last_price: Number(r.lastPrice),
});

/** `%`, `_` and the escape character itself match literally in the search text. */
const likePattern = (word: string): string => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The instruments table: replaced as a whole, read as a whole at start, searched page by page. */
export function createInstrumentStore(db: Kysely<Database>) {
  return {
    /** Swaps the whole master in one transaction: readers see the old rows or the new ones, never a mix. */
    async replaceAll(rows: readonly MasterInstrument[]): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('instruments').execute();
        for (let start = 0; start < rows.length; start += INSERT_BATCH) {
          await tx
            .insertInto('instruments')
            .values(rows.slice(start, start + INSERT_BATCH).map(toRow))
            .execute();
        }
      });
    },

    async loadAll(): Promise<MasterInstrument[]> {
      return (await db.selectFrom('instruments').selectAll().execute()).map(fromRow);
    },

    /** One page, soonest expiry first, then underlying, strike and type; `next` from fetching one row extra. */
    async search(query: SearchQuery): Promise<SearchPage> {
      let select = db.selectFrom('instruments').selectAll();
      const words = (query.text ?? '').toUpperCase().split(/\s+/).filter(Boolean);
      for (const word of words) {
        // SQLite has no default LIKE escape character; PostgreSQL's is the backslash. Name it for both.
        select = select.where(sql<boolean>`${sql.ref('searchText')} like ${likePattern(word)} escape '\\'`);
      }
      if (query.instrumentTypes?.length)
        select = select.where('instrumentType', 'in', [
          ...query.instrumentTypes,
        ] as InstrumentsTable['instrumentType'][]);
      if (query.segments?.length) select = select.where('segment', 'in', [...query.segments]);
      if (query.underlyings?.length) select = select.where('name', 'in', [...query.underlyings]);
      const found = await select
        // Indices first on both engines (SQLite sorts NULL first, PostgreSQL last).
        .orderBy(sql`case when ${sql.ref('expiry')} is null then 0 else 1 end`)
        .orderBy('expiry')
        .orderBy('name')
        .orderBy('strike')
        .orderBy('instrumentType')
        .orderBy('internalToken')
        .limit(query.limit + 1)
        .offset(query.page * query.limit)
        .execute();
      return { rows: found.slice(0, query.limit).map(fromRow), next: found.length > query.limit };
    },
  };
}

export type InstrumentStore = ReturnType<typeof createInstrumentStore>;
