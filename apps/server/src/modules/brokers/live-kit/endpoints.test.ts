import { describe, expect, it } from 'vitest';
import { brokerEndpoint, brokerRoot } from './endpoints';

describe('brokerEndpoint', () => {
  it('keeps the documented endpoint when no base URL is set', () => {
    expect(brokerEndpoint('https://api-hft.upstox.com/v3/order/place', undefined)).toBe(
      'https://api-hft.upstox.com/v3/order/place',
    );
  });

  it('moves every host to the base, keeping the documented path and query', () => {
    const base = 'http://127.0.0.1:4010';
    expect(brokerEndpoint('https://api-hft.upstox.com/v3/order/place', base)).toBe(
      'http://127.0.0.1:4010/v3/order/place',
    );
    expect(brokerEndpoint('https://auth.dhan.co/login/consentApp-login?x=1', base)).toBe(
      'http://127.0.0.1:4010/login/consentApp-login?x=1',
    );
  });

  it('keeps a stream a socket, secure when the base is https', () => {
    expect(brokerEndpoint('wss://api.upstox.com/v2/feed', 'http://127.0.0.1:9')).toBe(
      'ws://127.0.0.1:9/v2/feed',
    );
    expect(brokerEndpoint('wss://api.upstox.com/v2/feed', 'https://proxy.example')).toBe(
      'wss://proxy.example/v2/feed',
    );
  });

  it('puts a base path in front of the documented path, and roots lose their trailing slash', () => {
    expect(brokerEndpoint('https://api.dhan.co/v2/orders', 'http://h:1/dhan/')).toBe(
      'http://h:1/dhan/v2/orders',
    );
    expect(brokerRoot('https://api.upstox.com/', 'http://h:1')).toBe('http://h:1');
  });
});
