/** Payload fields the client relies on; the server signs more, but only `expiryAt` matters here. */
export type AccessTokenPayload = { expiryAt?: number };

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  // atob yields Latin-1 code units; re-decode them as UTF-8 so non-ASCII claims survive.
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads a JWT's payload WITHOUT verifying it: the server verifies every request; the client only needs
 * `expiryAt` to forget a token that can no longer work. Returns null for anything that is not a JWT.
 */
export function decodeAccessToken(token: string): AccessTokenPayload | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed: unknown = JSON.parse(decodeBase64Url(payload));
    return parsed !== null && typeof parsed === 'object' ? (parsed as AccessTokenPayload) : null;
  } catch {
    return null;
  }
}

/** True while the token's `expiryAt` (seconds since the epoch) lies after `nowMs`. */
export function isAccessTokenLive(token: string, nowMs: number): boolean {
  const expiryAt = decodeAccessToken(token)?.expiryAt;
  return typeof expiryAt === 'number' && Number.isFinite(expiryAt) && expiryAt * 1000 > nowMs;
}
