import { DEFAULT_USER_SETTINGS } from '@xtrader/core/api/settings';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { describeEachStore } from '../../../test/helpers/test-store';
import { readDiscipline, readSettings } from './account';

describeEachStore('auth: profile and settings', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ store: kind });
  });
  afterEach(async () => {
    await t.close();
  });

  const userInfo = (token: string) =>
    t.app.inject({ method: 'GET', url: '/v1/options-x/auth/getUserInfo', headers: authHeader(token) });
  const editSettings = (token: string | undefined, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/v1/options-x/auth/editUserSetting',
      payload,
      headers: token ? authHeader(token) : {},
    });

  it('returns the profile and default settings, never the password hash', async () => {
    const { account, token } = await createTestUser(t.app);
    const response = await userInfo(token);
    expect(response.json()).toEqual({
      success: true,
      message: 'success',
      data: {
        user: {
          id: expect.any(String),
          name: account.name,
          email: account.email,
          phone: account.phone,
          activeBroker: null,
          clientId: null,
          referralCode: expect.stringMatching(/^[0-9A-F]{10}$/),
        },
        settings: DEFAULT_USER_SETTINGS,
      },
    });
    expect(response.body).not.toMatch(/scrypt|passwordHash|passcode/);
  });

  it('saves a settings patch and returns the complete settings', async () => {
    const { token } = await createTestUser(t.app);
    const saved = await editSettings(token, { modifyStep: 0.5, defaultQuantity: { NIFTY: 150 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, message: 'User settings updated!' });
    const expected = {
      ...DEFAULT_USER_SETTINGS,
      modifyStep: 0.5,
      defaultQuantity: { ...DEFAULT_USER_SETTINGS.defaultQuantity, NIFTY: 150 },
    };
    expect(saved.json().data).toEqual(expected);
    expect((await userInfo(token)).json().data.settings).toEqual(expected);
  });

  it.each([
    [{ modifyStep: 0.01 }, /^modifyStep: /],
    [
      { exitAllMarketProtection: { enabled: true, percentage: 50 } },
      /^exitAllMarketProtection\.percentage: /,
    ],
    [{ defaultQuantity: { NOTANINDEX: 10 } }, /^defaultQuantity/],
    [{ useDefaultQuantity: 'yes' }, /^useDefaultQuantity: /],
    [{ modifyStep: 1_000.05 }, /^modifyStep: Must be at most 1,000$/],
    [{ modifyStep: 0.33 }, /^modifyStep: Must be a multiple of 0.05$/],
    [
      { SLTriggerPriceDifference: { NIFTY: 1e300 } },
      /^SLTriggerPriceDifference\.NIFTY: Must be at most 1,000$/,
    ],
    [{ defaultQuantity: { NIFTY: 1e15 } }, /^defaultQuantity\.NIFTY: Must be at most 10,00,000$/],
  ])('refuses invalid settings %o naming the field', async (payload, message) => {
    const { token } = await createTestUser(t.app);
    const response = await editSettings(token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('stores point settings on the tick they mean (0.1 + 0.2 is 0.3)', async () => {
    const { token } = await createTestUser(t.app);
    const saved = await editSettings(token, {
      modifyStep: 0.1 + 0.2,
      SLTriggerPriceDifference: { NIFTY: 1.1 + 2.2 },
    });
    expect(saved.statusCode).toBe(200);
    const settings = (await userInfo(token)).json().data.settings;
    expect(settings.modifyStep).toBe(0.3);
    expect(settings.SLTriggerPriceDifference.NIFTY).toBe(3.3);
  });

  it('keeps each user to their own settings', async () => {
    const alice = await createTestUser(t.app);
    const bob = await createTestUser(t.app);
    await editSettings(alice.token, { useDefaultQuantity: true });
    expect((await userInfo(bob.token)).json().data.settings.useDefaultQuantity).toBe(false);
    expect((await userInfo(alice.token)).json().data.settings.useDefaultQuantity).toBe(true);
    expect((await userInfo(bob.token)).json().data.user.email).toBe(bob.account.email);
  });

  it('requires a valid token to read or change settings', async () => {
    expect((await editSettings(undefined, { modifyStep: 0.1 })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/options-x/auth/getUserInfo' })).statusCode).toBe(
      401,
    );
  });
});

describe('readSettings', () => {
  it('fills fields missing from older stored settings and survives garbage', () => {
    expect(readSettings(JSON.stringify({ modifyStep: 0.1 }))).toEqual({
      ...DEFAULT_USER_SETTINGS,
      modifyStep: 0.1,
    });
    expect(readSettings('not json')).toEqual(DEFAULT_USER_SETTINGS);
    expect(readSettings(JSON.stringify({ modifyStep: 'x' }))).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('drops only a stored field that today is out of bounds, keeping the rest', () => {
    const stored = { modifyStep: 5000, useDefaultQuantity: true, defaultQuantity: { NIFTY: 130 } };
    expect(readSettings(JSON.stringify(stored))).toEqual({
      ...DEFAULT_USER_SETTINGS,
      useDefaultQuantity: true,
      defaultQuantity: { ...DEFAULT_USER_SETTINGS.defaultQuantity, NIFTY: 130 },
    });
  });
});

describe('readDiscipline', () => {
  it('reads the discipline rules alone, each out-of-bounds or missing rule off, the rest kept', () => {
    const off = DEFAULT_USER_SETTINGS.discipline;
    expect(readDiscipline(JSON.stringify({ modifyStep: 0.1 }))).toEqual(off);
    expect(readDiscipline('null')).toEqual(off);
    const stored = { discipline: { maxTradesPerDay: 4, coolDownMinutes: -3, noNewPositionsAfter: '14:45' } };
    expect(readDiscipline(JSON.stringify(stored))).toEqual({
      ...off,
      maxTradesPerDay: 4,
      noNewPositionsAfter: '14:45',
    });
  });
});
