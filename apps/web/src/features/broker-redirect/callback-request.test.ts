import { describe, expect, it } from 'vitest';
import { callbackRequestFor, readParams } from './callback-request';

describe('broker redirect -> callback', () => {
  it.each([
    [
      'zerodha',
      '?action=login&type=login&status=success&request_token=rt123',
      '/broker/request-token/zerodha',
      { requestToken: 'rt123' },
    ],
    ['vortex', '?auth=vx1', '/broker/auth-token/vortex', { authToken: 'vx1' }],
    ['rupeezy', '?auth=vx1', '/broker/auth-token/vortex', { authToken: 'vx1' }],
    ['upstox', '?code=up1&state=s', '/broker/code/upstox', { code: 'up1' }],
    ['fyers', '?s=ok&code=200&auth_code=jwt.fy&state=s', '/broker/auth_code/fyers', { auth_code: 'jwt.fy' }],
    ['flattrade', '?code=ft1&client=FT1', '/broker/code/flattrade', { code: 'ft1' }],
    ['dhan', '?tokenId=dh1', '/broker/token/dhan', { token: 'dh1' }],
    [
      'aliceblue',
      '?authCode=al1&userId=AB12',
      '/broker/auth-code/aliceblue',
      { authCode: 'al1', clientId: 'AB12' },
    ],
    [
      'angelone',
      '?auth_token=jwt1&feed_token=f1?refresh_token=r1&state=x',
      '/broker/auth/angelone',
      { auth_token: 'jwt1', feed_token: 'f1', refresh_token: 'r1' },
    ],
    [
      'iifl',
      '?authCode=ic1&clientId=78816704',
      '/broker/save/iifl',
      { clientId: '78816704', authcode: 'ic1' },
    ],
    [
      'iifl',
      '?authcode=ic2&clientid=78816704',
      '/broker/save/iifl',
      { clientId: '78816704', authcode: 'ic2' },
    ],
  ])('%s %s', (broker, search, path, body) => {
    expect(callbackRequestFor(broker, search)).toMatchObject({ path, body });
  });

  it.each([
    ['zerodha', '?status=cancelled&request_token=rt'],
    ['zerodha', '?status=success'],
    ['fyers', '?s=error&code=-413'],
    ['iifl', '?clientId=1'],
    ['upstox', ''],
    ['robinhood', '?code=1'],
  ])('refuses %s %s', (broker, search) => {
    expect(callbackRequestFor(broker, search)).toHaveProperty('error');
  });

  it('reads parameters case-insensitively, first value wins, encoded values decoded', () => {
    const params = readParams('?A=1&a=2&b=x%2By&c=&d');
    expect(Object.fromEntries(params)).toEqual({ a: '1', b: 'x+y' });
  });
});
