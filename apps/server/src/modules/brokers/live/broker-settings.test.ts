import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config';

// The live-broker settings of config.ts: provider URLs default to the real services and can point anywhere.

describe('broker settings', () => {
  it('defaults to the real Kite and IIFL endpoints, IIFL login off', () => {
    const { live, ...rest } = loadConfig({}).brokers;
    expect(
      Object.values(live).every((broker) => broker.app === undefined && broker.baseUrl === undefined),
    ).toBe(true);
    expect(rest).toEqual({
      kite: {
        apiUrl: 'https://api.kite.trade',
        loginUrl: 'https://kite.zerodha.com/connect/login',
        tickerUrl: 'wss://ws.kite.trade',
      },
      iifl: {
        apiUrl: 'https://api.iiflcapital.com/v1',
        loginUrl: 'https://markets.iiflcapital.com/',
        app: undefined,
      },
    });
  });

  it('takes every provider URL from the environment', () => {
    const { brokers } = loadConfig({
      XT_KITE_API_URL: 'http://127.0.0.1:9000/',
      XT_KITE_LOGIN_URL: 'http://127.0.0.1:9000/connect/login',
      XT_KITE_TICKER_URL: 'ws://127.0.0.1:9000/ws',
      XT_IIFL_API_URL: 'http://127.0.0.1:9100/v1/',
      XT_IIFL_APP_KEY: 'key',
      XT_IIFL_APP_SECRET: 'secret',
    });
    expect(brokers.kite).toEqual({
      apiUrl: 'http://127.0.0.1:9000',
      loginUrl: 'http://127.0.0.1:9000/connect/login',
      tickerUrl: 'ws://127.0.0.1:9000/ws',
    });
    expect(brokers.iifl.apiUrl).toBe('http://127.0.0.1:9100/v1');
    expect(brokers.iifl.app).toEqual({ appKey: 'key', appSecret: 'secret' });
  });

  it('names the bad keys', () => {
    expect(() => loadConfig({ XT_KITE_TICKER_URL: 'http://not-a-socket' })).toThrow(/XT_KITE_TICKER_URL/);
    expect(() => loadConfig({ XT_IIFL_APP_KEY: 'only-the-key' })).toThrow(ConfigError);
  });
});
