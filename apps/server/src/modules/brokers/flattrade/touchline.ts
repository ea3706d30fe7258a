import { type NorenTouchline, norenTouchline } from '../live-kit/noren-touchline';

// Flattrade's market-data socket is Noren's touchline (live-kit/noren-touchline.ts): the connect frame carries the
// client id as `uid` and `actid` and the session token itself as `susertoken`; `{t: "h"}` keeps the line alive.

/** The documented market-data socket (moved by XT_FLATTRADE_BASE_URL like every other host). */
export const FLATTRADE_TOUCHLINE_URL = 'wss://piconnect.flattrade.in/PiConnectWSTp/';
const HEARTBEAT_MS = 30_000;

export function flattradeTouchline(url: string): NorenTouchline {
  return norenTouchline({
    url,
    hello: ({ account, token }) => ({
      uid: account.clientId ?? '',
      actid: account.clientId ?? '',
      source: 'API',
      susertoken: token,
    }),
    heartbeat: { frame: { t: 'h' }, everyMs: HEARTBEAT_MS },
  });
}
