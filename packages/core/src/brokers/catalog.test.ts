import { describe, expect, it } from 'vitest';
import { BROKER_KEYS } from '../api/brokers';
import { BROKER_LISTINGS, brokerNameOf } from './catalog';
import { BROKER_IDS } from './ids';

describe('broker listings', () => {
  it('lists every live broker once, with a key, id and https account-opening page', () => {
    expect(BROKER_LISTINGS.map((b) => b.key).sort()).toEqual([...BROKER_KEYS].sort());
    expect(BROKER_LISTINGS.map((b) => b.id).sort()).toEqual(
      BROKER_IDS.filter((id) => id !== 'PAPERTRADE').sort(),
    );
    for (const listing of BROKER_LISTINGS) {
      expect(listing.id).toBe(listing.key.toUpperCase());
      expect(listing.openAccountUrl).toMatch(/^https:\/\/[a-z.]+\//);
    }
  });

  it('names a broker as a trader knows it', () => {
    expect(brokerNameOf('VORTEX')).toBe('Rupeezy');
    expect(brokerNameOf('ANGELONE')).toBe('Angel One');
    expect(brokerNameOf('SOMETHING')).toBe('SOMETHING');
  });
});
