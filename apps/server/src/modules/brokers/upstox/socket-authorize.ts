import { brokerEndpoint } from '../live-kit/endpoints';
import { BrokerCallError } from '../live-kit/errors';
import { UPSTOX_MESSAGES } from './upstox-errors';

// Both Upstox sockets (the portfolio stream for orders, the market-data feed for prices) are opened in two steps:
// an authorize call with the user's Bearer token answers `{status: "success", data: {authorized_redirect_uri}}`, a
// single-use wss URI (its code in the query), then the socket is opened on that URI. So every (re)connect
// authorizes again. XT_UPSTOX_BASE_URL moves the answered URI like every other Upstox host.

/**
 * The single-use socket URI for this token. A 401 throws a token_expired BrokerCallError (the day's token is dead);
 * any other failure throws a plain error (retried by the caller).
 */
export async function authorizeUpstoxSocket(
  authorizeUrl: string,
  token: string,
  baseUrl: string | undefined,
): Promise<string> {
  const response = await fetch(authorizeUrl, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(7000),
  });
  if (response.status === 401)
    throw new BrokerCallError('token_expired', UPSTOX_MESSAGES.sessionExpired, false);
  if (!response.ok) throw new Error(`authorize answered HTTP ${response.status}`);
  const answer = (await response.json()) as { data?: { authorized_redirect_uri?: unknown } };
  const uri = answer.data?.authorized_redirect_uri;
  if (typeof uri !== 'string' || !uri) throw new Error('authorize answered no socket URI');
  return brokerEndpoint(uri, baseUrl);
}
