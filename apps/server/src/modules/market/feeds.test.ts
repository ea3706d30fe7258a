import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { silentLogger } from '../../logger';
import { InstrumentCatalog } from '../instruments/catalog';
import type { RawTick } from './contract';
import { createConfiguredFeed } from './feeds';
import { TrueDataFeed } from './platform/truedata-feed';
import { ReplayFeed } from './replay';
import { SimulatorFeed } from './simulator';

const clock = { now: () => Date.now() };

describe('configured price feed', () => {
  it('is the simulator by default, with the market settings parsed once', () => {
    const config = loadConfig({});
    expect(config.market).toEqual({
      feed: 'simulator',
      simSeed: undefined,
      simMarketHours: false,
      replayFile: undefined,
      replaySpeed: 1,
      practiceDelayMs: 5000,
      staleTickMs: 3000,
    });
    expect(config.instrumentsCsv).toBeUndefined();
    const feed = createConfiguredFeed({ config, clock, logger: silentLogger() }, new InstrumentCatalog());
    expect(feed).toBeInstanceOf(SimulatorFeed);
  });

  it('refuses bad market settings, naming them', () => {
    expect(() => loadConfig({ XT_FEED: 'replay' })).toThrow(/XT_REPLAY_FILE: required/);
    expect(() => loadConfig({ XT_SIM_SEED: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ XT_PRACTICE_DELAY_MS: 'soon' })).toThrow(/XT_PRACTICE_DELAY_MS/);
    expect(() => loadConfig({ XT_SIM_MARKET_HOURS: 'maybe' })).toThrow(/XT_SIM_MARKET_HOURS/);
    expect(loadConfig({ XT_SIM_SEED: '42', XT_INSTRUMENTS_CSV: 'https://example.com/i.csv' })).toMatchObject({
      market: { simSeed: 42 },
      instrumentsCsv: 'https://example.com/i.csv',
    });
  });

  it('plays the replay file when XT_FEED is replay, loading it as the feed starts', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'xt-replay-'));
    try {
      const file = path.join(dir, 'ticks.csv');
      writeFileSync(file, 'time,symbol,price\n1000,NIFTY 50,26000\n2000,NIFTY 50,26001\n');
      const config = loadConfig({ XT_FEED: 'replay', XT_REPLAY_FILE: file, XT_REPLAY_SPEED: '10' });
      expect(config.market).toMatchObject({ feed: 'replay', replayFile: file, replaySpeed: 10 });
      const feed = createConfiguredFeed({ config, clock, logger: silentLogger() }, new InstrumentCatalog());
      expect(feed).toBeInstanceOf(ReplayFeed);
      const seen: RawTick[] = [];
      feed.onTicks((ticks) => seen.push(...ticks));
      feed.subscribe(['NIFTY 50']);
      await feed.start();
      (feed as ReplayFeed).advance(Date.now());
      await feed.stop();
      expect(seen[0]).toMatchObject({ symbol: 'NIFTY 50', price: 26000 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is the platform feed when the operator configured one, whatever XT_FEED says', () => {
    const config = loadConfig({
      XT_PLATFORM_FEED_VENDOR: 'truedata',
      XT_PLATFORM_FEED_URL: 'ws://127.0.0.1:9',
      XT_PLATFORM_FEED_USER: 'u',
      XT_PLATFORM_FEED_PASSWORD: 'p',
    });
    const feed = createConfiguredFeed({ config, clock, logger: silentLogger() }, new InstrumentCatalog());
    expect(feed).toBeInstanceOf(TrueDataFeed);
    expect((feed as TrueDataFeed).vendor).toBe('TrueData');
  });
});
