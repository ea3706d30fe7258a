// Broker ids as stored in `user.activeBroker` and on each order, and the one question asked of them everywhere:
// is this Practice Mode?

/** Every broker id; PAPERTRADE is Practice Mode (the paper exchange), the rest are live brokers. */
export const BROKER_IDS = [
  'PAPERTRADE',
  'ZERODHA',
  'IIFL',
  'UPSTOX',
  'FYERS',
  'FLATTRADE',
  'DHAN',
  'ALICEBLUE',
  'ANGELONE',
  'VORTEX',
] as const;
export type BrokerId = (typeof BROKER_IDS)[number];

/** The broker id of Practice Mode: orders go to the paper exchange and prices are the delayed practice view. */
export const PRACTICE_BROKER_ID = 'PAPERTRADE' satisfies BrokerId;
export const ZERODHA_BROKER_ID = 'ZERODHA' satisfies BrokerId;
export const IIFL_BROKER_ID = 'IIFL' satisfies BrokerId;

/** True for Practice Mode's broker id; false for a live broker, an unknown id or no broker at all. */
export const isPracticeBroker = (broker: string | null | undefined): broker is typeof PRACTICE_BROKER_ID =>
  broker === PRACTICE_BROKER_ID;

export const isBrokerId = (value: string): value is BrokerId =>
  (BROKER_IDS as readonly string[]).includes(value);
