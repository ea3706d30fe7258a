import type { BrokerKey } from '../api/brokers';
import type { BrokerId } from './ids';

/** One broker a trader can log in with, as the Login With Broker dialog and the status card show it. */
export interface BrokerListing {
  key: BrokerKey;
  id: BrokerId;
  /** How the broker is named to a trader. */
  name: string;
  /** The broker's own account-opening page ("Open Demat Account"). */
  openAccountUrl: string;
}

/** Every live broker, in the order the dialog lists them. */
export const BROKER_LISTINGS: readonly BrokerListing[] = Object.freeze([
  { key: 'zerodha', id: 'ZERODHA', name: 'Zerodha', openAccountUrl: 'https://zerodha.com/open-account' },
  { key: 'upstox', id: 'UPSTOX', name: 'Upstox', openAccountUrl: 'https://upstox.com/open-demat-account/' },
  {
    key: 'angelone',
    id: 'ANGELONE',
    name: 'Angel One',
    openAccountUrl: 'https://www.angelone.in/open-demat-account',
  },
  { key: 'dhan', id: 'DHAN', name: 'Dhan', openAccountUrl: 'https://dhan.co/open-demat-account/' },
  { key: 'fyers', id: 'FYERS', name: 'Fyers', openAccountUrl: 'https://fyers.in/open-demat-account/' },
  { key: 'iifl', id: 'IIFL', name: 'IIFL', openAccountUrl: 'https://www.iifl.com/open-demat-account' },
  {
    key: 'flattrade',
    id: 'FLATTRADE',
    name: 'Flattrade',
    openAccountUrl: 'https://flattrade.in/open-demat-account',
  },
  {
    key: 'aliceblue',
    id: 'ALICEBLUE',
    name: 'AliceBlue',
    openAccountUrl: 'https://aliceblueonline.com/open-account/',
  },
  { key: 'vortex', id: 'VORTEX', name: 'Rupeezy', openAccountUrl: 'https://rupeezy.in/open-demat-account' },
]);

/** The trader-facing name of a broker id (`Angel One` for ANGELONE); the id itself when it is not listed. */
export const brokerNameOf = (id: string): string =>
  BROKER_LISTINGS.find((listing) => listing.id === id)?.name ?? id;
