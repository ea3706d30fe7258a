// Exchange codes as Kite spells them: cash/index segments NSE and BSE, their derivatives segments NFO and BFO.

export const UNDERLYING_EXCHANGES = ['NSE', 'BSE'] as const;
export const DERIVATIVES_EXCHANGES = ['NFO', 'BFO'] as const;

/** Where an index is quoted. */
export type UnderlyingExchange = (typeof UNDERLYING_EXCHANGES)[number];
/** Where its options and futures trade. */
export type DerivativesExchange = (typeof DERIVATIVES_EXCHANGES)[number];
export type Exchange = UnderlyingExchange | DerivativesExchange;

const PARENT: Record<Exchange, UnderlyingExchange> = { NSE: 'NSE', NFO: 'NSE', BSE: 'BSE', BFO: 'BSE' };

/** The exchange whose calendar a segment follows (NFO trades on NSE days, BFO on BSE days). */
export const parentExchange = (exchange: Exchange): UnderlyingExchange => PARENT[exchange];
