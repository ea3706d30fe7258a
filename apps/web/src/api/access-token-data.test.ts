import { describe, expect, it } from 'vitest';
import { accessTokenData } from './access-token-data';

describe('accessTokenData', () => {
  it('keeps the token and drops other fields', () => {
    expect(accessTokenData.parse({ accessToken: 'a.b.c', extra: 1 })).toEqual({ accessToken: 'a.b.c' });
  });

  it.each([null, undefined, 'a.b.c', {}, { accessToken: 42 }])('refuses %j', (input) => {
    expect(() => accessTokenData.parse(input)).toThrow('no access token');
  });
});
