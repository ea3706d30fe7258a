/**
 * `data` of a login (or finished signup): the access token. Checked by hand, without zod, because the login route
 * needs no other schema and zod would otherwise be part of its first-load JavaScript (see the route JS budget in
 * docs/testing.md). Same rule as core's `accessTokenResponseSchema`: a string token, other fields ignored.
 */
export const accessTokenData = {
  parse(input: unknown): { accessToken: string } {
    const token = (input as { accessToken?: unknown } | null)?.accessToken;
    if (typeof token !== 'string') throw new Error('The login answer carries no access token');
    return { accessToken: token };
  },
};
