import { describe, expect, it } from 'vitest';
import { BROKER_CALLBACK_PATHS, BROKER_KEYS, brokerRedirectPath } from './brokers';

describe('broker callback paths', () => {
  it('gives every broker key its own server route, named after the broker', () => {
    const paths = BROKER_KEYS.map((key) => BROKER_CALLBACK_PATHS[key]);
    expect(new Set(paths).size).toBe(BROKER_KEYS.length);
    for (const key of BROKER_KEYS)
      expect(BROKER_CALLBACK_PATHS[key]).toMatch(new RegExp(`^/broker/[a-z_-]+/${key}$`));
  });

  it('sends the browser back to the redirect page of the broker', () => {
    expect(brokerRedirectPath('zerodha')).toBe('/redirect/zerodha');
  });
});
