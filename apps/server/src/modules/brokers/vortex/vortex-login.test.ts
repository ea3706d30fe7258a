import { afterEach, describe, expect, it } from 'vitest';
import { createVortexFixture, type VortexFixture } from '../../../../test/fakes/vortex';
import { vortexChecksum } from './vortex-api';

// Rupeezy's login: the flow page with the platform's application id, the auth token exchanged once with the
// sha256 checksum and the API key, the session stored with its expiry, refusals as clear 4xx errors.

let f: VortexFixture;
afterEach(async () => f?.close());

describe('Rupeezy login', () => {
  it('sends the trader to the flow page with the application id, on the base URL', async () => {
    f = await createVortexFixture();
    const url = new URL(await f.plugin.loginUrl('u1', 'http://app/redirect/vortex'));
    expect(`${url.protocol}//${url.host}`).toBe(f.vortex.baseUrl);
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('applicationId')).toBe(f.vortex.appKey);
    expect(url.searchParams.get('cb_param')).toBeTruthy();
  });

  it('exchanges the auth token, links the account and reports a connected session with live updates and its expiry', async () => {
    f = await createVortexFixture();
    const { userId } = await f.loggedInUser();
    expect(f.linked).toEqual([{ userId, broker: 'VORTEX', clientId: 'RZ1234' }]);
    const status = await f.plugin.status(userId);
    expect(status).toMatchObject({ state: 'connected', clientId: 'RZ1234', updates: 'live' });
    // The fake's token is a JWT valid for 8 hours: its own expiry is kept.
    expect(status.expiresAt).toBeGreaterThan(Date.now() + 7 * 3_600_000);
    expect(status.expiresAt).toBeLessThanOrEqual(Date.now() + 8 * 3_600_000);
  });

  it('refuses an auth token used twice with a login failure naming Rupeezy', async () => {
    f = await createVortexFixture();
    const userId = await f.addUser();
    const grant = await f.vortex.login(await f.plugin.loginUrl(userId, 'x'), 'RZ1234');
    await f.plugin.completeLogin(userId, grant, 'x');
    await expect(f.plugin.completeLogin(userId, grant, 'x')).rejects.toMatchObject({
      code: 'broker_login_failed',
      message: expect.stringMatching(/^Rupeezy login failed: .*auth token/i),
    });
  });

  it('refuses a forged auth token and stores nothing', async () => {
    f = await createVortexFixture();
    const userId = await f.addUser();
    await expect(f.plugin.completeLogin(userId, f.vortex.wrongGrant(), 'x')).rejects.toMatchObject({
      code: 'broker_login_failed',
    });
    expect(f.linked).toEqual([]);
    expect(await f.plugin.sessionFor(userId)).toBeUndefined();
  });

  it('answers "not available" when the platform app is not configured', async () => {
    f = await createVortexFixture({ configured: false });
    await expect(f.plugin.loginUrl('u1', 'x')).rejects.toMatchObject({
      code: 'broker_not_configured',
      message: 'Rupeezy login is not available on this server',
    });
    await expect(f.plugin.completeLogin('u1', { authToken: 'a' }, 'x')).rejects.toMatchObject({
      code: 'broker_not_configured',
    });
  });

  it('computes the documented checksum: sha256 of application id, auth token and API key', () => {
    // sha256('appauthkey'): application id, then the auth token, then the API key, no separators.
    expect(vortexChecksum('app', 'auth', 'key')).toBe(
      'c80322b6f813eebca7c875abd99c63a1c240b695381a57066d158383447c1ce1',
    );
  });
});
