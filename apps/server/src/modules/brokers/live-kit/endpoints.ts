/**
 * A broker endpoint, or the same path on the base URL that replaces the broker's hosts (XT_<KEY>_BASE_URL, set to
 * a local fake in tests). Every host of a broker (REST, auth, order host, instrument master, login page, stream)
 * moves to the one base: the scheme and host are replaced, the documented path and query are kept, and a
 * WebSocket endpoint keeps its socket scheme (`http` -> `ws`, `https` -> `wss`).
 */
export function brokerEndpoint(documented: string, baseUrl: string | undefined): string {
  if (!baseUrl) return documented;
  const target = new URL(documented);
  const base = new URL(baseUrl);
  const socket = target.protocol === 'ws:' || target.protocol === 'wss:';
  const protocol = socket ? (base.protocol === 'https:' ? 'wss:' : 'ws:') : base.protocol;
  const basePath = base.pathname.replace(/\/+$/, '');
  return `${protocol}//${base.host}${basePath}${target.pathname}${target.search}`;
}

/** `brokerEndpoint` for a documented root without a trailing slash (so `${root}/orders` stays one slash). */
export const brokerRoot = (documented: string, baseUrl: string | undefined): string =>
  brokerEndpoint(documented, baseUrl).replace(/\/+$/, '');
