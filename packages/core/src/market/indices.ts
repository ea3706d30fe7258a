import { z } from 'zod';
import type { DerivativesExchange, UnderlyingExchange } from './exchanges';

/** The seven indices whose options the product trades. */
export const INDEX_NAMES = [
  'NIFTY',
  'BANKNIFTY',
  'FINNIFTY',
  'MIDCPNIFTY',
  'NIFTYNXT50',
  'SENSEX',
  'BANKEX',
] as const;
export type IndexName = (typeof INDEX_NAMES)[number];

export const indexNameSchema = z.enum(INDEX_NAMES);

/** How an index's contracts expire (reference C.2). */
export interface ExpiryRule {
  /** True when weekly contracts are listed (only one weekly benchmark per exchange: NIFTY, SENSEX). */
  weekly: boolean;
  /** Expiry weekday: 2 = Tuesday (NSE), 4 = Thursday (BSE). Monthlies expire on the last such weekday. */
  weekday: 2 | 4;
  /** Weekly contracts listed at any time, not counting the one that coincides with a monthly. */
  weeklyContracts: number;
  /** Monthly contracts listed at any time (quarterlies and half-yearlies are not offered). */
  monthlyContracts: number;
}

/** Facts about one index; lot and freeze sizes are in units (reference C.1, C.5). */
export interface IndexInfo {
  name: IndexName;
  displayName: string;
  exchange: DerivativesExchange;
  underlyingExchange: UnderlyingExchange;
  strikeStep: number;
  lotSize: number;
  /** Largest quantity (units) the exchange accepts in one order. */
  freezeQty: number;
  tickSize: number;
  expiry: ExpiryRule;
  /** Kite quote key of the underlying, e.g. `NSE:NIFTY 50`. */
  quoteKey: string;
  /** Kite instrument_token of the underlying index. */
  underlyingToken: number;
  /** Seed level for the market simulator. */
  referenceSpot: number;
  /** Annualised volatility the simulator and option pricing start from. */
  annualVol: number;
}

export type IndexTable = Readonly<Record<IndexName, Readonly<IndexInfo>>>;

const NSE_MONTHLY: ExpiryRule = { weekly: false, weekday: 2, weeklyContracts: 0, monthlyContracts: 3 };
const BSE_MONTHLY: ExpiryRule = { weekly: false, weekday: 4, weeklyContracts: 0, monthlyContracts: 3 };

const nse = { exchange: 'NFO', underlyingExchange: 'NSE', tickSize: 0.05 } as const;
const bse = { exchange: 'BFO', underlyingExchange: 'BSE', tickSize: 0.05 } as const;

/** The one table of index facts (mid-2026 values); deployments update lots/freezes via `applyIndexOverrides`. */
export const INDEX_TABLE: IndexTable = {
  NIFTY: {
    ...nse,
    name: 'NIFTY',
    displayName: 'NIFTY 50',
    strikeStep: 50,
    lotSize: 65,
    freezeQty: 1800,
    expiry: { weekly: true, weekday: 2, weeklyContracts: 4, monthlyContracts: 3 },
    quoteKey: 'NSE:NIFTY 50',
    underlyingToken: 256265,
    referenceSpot: 26000,
    annualVol: 0.13,
  },
  BANKNIFTY: {
    ...nse,
    name: 'BANKNIFTY',
    displayName: 'NIFTY BANK',
    strikeStep: 100,
    lotSize: 30,
    freezeQty: 600,
    expiry: NSE_MONTHLY,
    quoteKey: 'NSE:NIFTY BANK',
    underlyingToken: 260105,
    referenceSpot: 59000,
    annualVol: 0.15,
  },
  FINNIFTY: {
    ...nse,
    name: 'FINNIFTY',
    displayName: 'NIFTY FIN SERVICE',
    strikeStep: 50,
    lotSize: 60,
    freezeQty: 1800,
    expiry: NSE_MONTHLY,
    quoteKey: 'NSE:NIFTY FIN SERVICE',
    underlyingToken: 257801,
    referenceSpot: 27500,
    annualVol: 0.15,
  },
  MIDCPNIFTY: {
    ...nse,
    name: 'MIDCPNIFTY',
    displayName: 'NIFTY MID SELECT',
    strikeStep: 25,
    lotSize: 120,
    freezeQty: 2800,
    expiry: NSE_MONTHLY,
    quoteKey: 'NSE:NIFTY MID SELECT',
    underlyingToken: 288009,
    referenceSpot: 13500,
    annualVol: 0.18,
  },
  NIFTYNXT50: {
    ...nse,
    name: 'NIFTYNXT50',
    displayName: 'NIFTY NEXT 50',
    strikeStep: 100,
    lotSize: 25,
    freezeQty: 600,
    expiry: NSE_MONTHLY,
    quoteKey: 'NSE:NIFTY NEXT 50',
    underlyingToken: 270857,
    referenceSpot: 70000,
    annualVol: 0.17,
  },
  SENSEX: {
    ...bse,
    name: 'SENSEX',
    displayName: 'SENSEX',
    strikeStep: 100,
    lotSize: 20,
    freezeQty: 1000,
    expiry: { weekly: true, weekday: 4, weeklyContracts: 4, monthlyContracts: 3 },
    quoteKey: 'BSE:SENSEX',
    underlyingToken: 265,
    referenceSpot: 85000,
    annualVol: 0.13,
  },
  BANKEX: {
    ...bse,
    name: 'BANKEX',
    displayName: 'BANKEX',
    strikeStep: 100,
    lotSize: 30,
    freezeQty: 900,
    expiry: BSE_MONTHLY,
    quoteKey: 'BSE:BANKEX',
    underlyingToken: 274441,
    referenceSpot: 65000,
    annualVol: 0.16,
  },
};

export const isIndexName = (value: unknown): value is IndexName =>
  typeof value === 'string' && (INDEX_NAMES as readonly string[]).includes(value);

export const getIndex = (name: IndexName, table: IndexTable = INDEX_TABLE): Readonly<IndexInfo> =>
  table[name];

/** Looks an index up by its quote display name (`NIFTY BANK` -> BANKNIFTY). */
export const indexByDisplayName = (
  displayName: string,
  table: IndexTable = INDEX_TABLE,
): Readonly<IndexInfo> | undefined =>
  INDEX_NAMES.map((name) => table[name]).find((i) => i.displayName === displayName);

/** BFO for SENSEX and BANKEX, otherwise NFO. */
export const exchangeForIndex = (name: IndexName, table: IndexTable = INDEX_TABLE): DerivativesExchange =>
  table[name].exchange;
