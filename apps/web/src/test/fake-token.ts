/** An unsigned JWT-shaped token whose payload expires at `expiryAt` (seconds); the client never verifies. */
export function fakeAccessToken(expiryAt: number, extra: Record<string, unknown> = {}): string {
  // UTF-8 bytes -> base64url, as a real JWT encoder does.
  const encode = (value: object) => {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    return btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'user-1', expiryAt, ...extra })}.signature`;
}

/** A token valid for the next hour of real time. */
export const liveAccessToken = () => fakeAccessToken(Math.floor(Date.now() / 1000) + 3600);
