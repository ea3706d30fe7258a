import { brokerEndpoint } from '../live-kit/endpoints';
import type { BrokerContract } from '../live-kit/instrument-master';
import type { PushMessage, PushProtocol } from '../live-kit/push-price-feed';
import { VORTEX_WIRE_URL } from './order-feed';
import { decodeVortexPrices } from './price-packets';
import { vortexInstrumentId, vortexTokenOf } from './vortex-master';

// A Rupeezy (Vortex) user's own prices: Rupeezy's socket ("wire", the one that also carries order updates) with the
// user's access token in the URL, `?auth_token=<token>`, so the line is ready when it opens and a dead token is
// refused at the handshake. Each contract is subscribed by its own JSON text message `{exchange, token, mode,
// message_type: "subscribe"}` (unsubscribed the same way); prices come back as binary frames (price-packets.ts);
// text frames are order updates, read by order-feed.ts on its own socket, and ignored here.
// Rupeezy allows 3 sockets per access token and 1,000 instruments per socket: the user's order socket and this one
// make two, and one user's watch list stays far under 1,000 contracts (docs/market-data.md).

/** Prices are asked in `ltp` mode, the smallest packet: the feed needs only the last price. */
const MODE = 'ltp';

const messages = (contracts: readonly BrokerContract[], messageType: 'subscribe' | 'unsubscribe'): string[] =>
  contracts.map((contract) => {
    const { exchange, token } = vortexTokenOf(contract.instrumentId);
    return JSON.stringify({ exchange, token, mode: MODE, message_type: messageType });
  });

export function vortexPriceSocket(baseUrl: string | undefined): PushProtocol {
  const wire = brokerEndpoint(VORTEX_WIRE_URL, baseUrl);
  return {
    target({ token }) {
      const url = new URL(wire);
      url.searchParams.set('auth_token', token);
      return { url: url.toString() };
    },
    read(frame): PushMessage | undefined {
      if (typeof frame === 'string') return undefined;
      const ticks = decodeVortexPrices(frame).map((price) => ({
        key: vortexInstrumentId(price.exchange, price.token),
        lastPrice: price.lastPrice,
      }));
      return ticks.length > 0 ? { kind: 'ticks', ticks } : undefined;
    },
    keyOf: (contract) => {
      const { exchange, token } = vortexTokenOf(contract.instrumentId);
      return vortexInstrumentId(exchange, token);
    },
    subscribe: (contracts) => messages(contracts, 'subscribe'),
    unsubscribe: (contracts) => messages(contracts, 'unsubscribe'),
  };
}
