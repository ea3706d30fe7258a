import { createHash } from 'node:crypto';
import { type NorenTouchline, norenTouchline } from '../live-kit/noren-touchline';

// AliceBlue's market-data socket (open-api V2) is Noren's touchline (live-kit/noren-touchline.ts) at
// `wss://ws1.aliceblueonline.com/NorenWS/`. Its connect frame names the account `<userId>_API` (uid and actid) and
// carries the user session hashed twice, sha256(sha256(userSession)) in hex, as `susertoken`; AliceBlue drops a line
// without a heartbeat for about a minute, so `{t: "h", k: ""}` goes every 50 s. Contracts are `NFO|<Token>` /
// `BFO|<Token>`, the contract master's exchange and token.

/** The documented market-data socket (moved by XT_ALICEBLUE_BASE_URL like every other host). */
export const ALICEBLUE_PRICE_SOCKET_URL = 'wss://ws1.aliceblueonline.com/NorenWS/';
const HEARTBEAT_MS = 50_000;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The `susertoken` of a user session: sha256 of its sha256, hex. */
export const aliceSocketToken = (userSession: string): string => sha256(sha256(userSession));

export function alicePriceSocket(url: string): NorenTouchline {
  return norenTouchline({
    url,
    hello: ({ account, token }) => ({
      uid: `${account.clientId ?? ''}_API`,
      actid: `${account.clientId ?? ''}_API`,
      source: 'API',
      susertoken: aliceSocketToken(token),
    }),
    heartbeat: { frame: { t: 'h', k: '' }, everyMs: HEARTBEAT_MS },
  });
}
