import { afterEach, describe, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import type { BrokersModule } from '../brokers/index';
import { createModules } from '../index';
import type { AppModule } from '../module';
import { createRecordingStore } from '../recording/store';
import { REPLAY_MESSAGES } from './day-catalog';
import { REPLAY_SERVICE_MESSAGES } from './service';

const SAMPLE = 'sample@2026-11-18';

describe('Practice session replay routes', () => {
  let t: TestApp | undefined;
  let modules: AppModule[] = [];
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setUp() {
    t = await createTestApp({ modules: (r) => (modules = createModules(r)) });
    const app = t.app;
    const user = async () => {
      const { token, account } = await createTestUser(app);
      const row = await t!.resources.db
        .selectFrom('users')
        .select('id')
        .where('phone', '=', account.phone)
        .executeTakeFirstOrThrow();
      return { id: row.id, headers: authHeader(token) };
    };
    type Headers = Record<string, string>;
    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      path: string,
      headers: Headers,
      payload?: object,
    ) => app.inject({ method, url: `/v1/options-x${path}`, headers, ...(payload ? { payload } : {}) });
    const brokers = modules.find((m) => m.name === 'brokers') as BrokersModule;
    return { user, call, brokers };
  }

  it('replays a day for one Practice user: own prices, clock and paper account, then back', async () => {
    const { user, call, brokers } = await setUp();
    const u = await user();
    const other = await user();
    const refused = await call('POST', '/practice/replay', u.headers, { day: SAMPLE, speed: 10 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(REPLAY_SERVICE_MESSAGES.needsPracticeMode);
    await call('POST', '/broker/papertrading/start', u.headers);
    await call('POST', '/broker/papertrading/start', other.headers);

    const days = (await call('GET', '/practice/replay/days', u.headers)).json().data.days;
    expect(days).toContainEqual({ id: SAMPLE, day: '2026-11-18', kind: 'sample', ticks: expect.any(Number) });
    const bad = await call('POST', '/practice/replay', u.headers, { day: SAMPLE, speed: 3 });
    expect(bad.statusCode).toBe(400);
    const unknown = await call('POST', '/practice/replay', u.headers, { day: 'sample@2026-01-01', speed: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(REPLAY_MESSAGES.unknownDay);

    const started = await call('POST', '/practice/replay', u.headers, { day: SAMPLE, speed: 10 });
    expect(started.statusCode).toBe(200);
    expect(started.json().data.replay).toMatchObject({
      id: SAMPLE,
      day: '2026-11-18',
      speed: 10,
      paused: false,
    });
    const feed = (await call('GET', '/market/feed', u.headers)).json().data;
    expect(feed.replay).toMatchObject({ day: '2026-11-18', speed: 10 });
    expect((await call('GET', '/market/feed', other.headers)).json().data.replay).toBeUndefined();

    // The replay's account is a fresh one, apart from the Practice account.
    const replaySession = await brokers.registry.sessionFor(u.id);
    expect(replaySession).not.toBe(brokers.paper.sessionFor(u.id));
    expect(await brokers.registry.sessionFor(other.id)).toBe(brokers.paper.sessionFor(other.id));

    // Reset Funds would clear the Practice account the user is not looking at: refused until the replay stops.
    const reset = await call('PUT', '/broker/resetFunds/papertrade', u.headers);
    expect(reset.statusCode).toBe(409);
    expect(reset.json().message).toBe(REPLAY_SERVICE_MESSAGES.resetDuringReplay);

    const paused = await call('POST', '/practice/replay/pause', u.headers);
    expect(paused.json().data.replay).toMatchObject({ paused: true });
    const resumed = await call('POST', '/practice/replay/resume', u.headers);
    expect(resumed.json().data.replay).toMatchObject({ paused: false });

    expect((await call('DELETE', '/practice/replay', u.headers)).json().data).toEqual({ replay: null });
    expect((await call('GET', '/practice/replay', u.headers)).json().data).toEqual({ replay: null });
    expect(await brokers.registry.sessionFor(u.id)).toBe(brokers.paper.sessionFor(u.id));
    expect((await call('GET', '/market/feed', u.headers)).json().data.replay).toBeUndefined();
    const notRunning = await call('POST', '/practice/replay/pause', u.headers);
    expect(notRunning.statusCode).toBe(409);

    // Leaving Practice Mode ends a replay.
    await call('POST', '/practice/replay', u.headers, { day: SAMPLE, speed: 2 });
    expect((await call('GET', '/practice/replay', u.headers)).json().data.replay).toMatchObject({ speed: 2 });
    await call('POST', '/broker/papertrading/stop', u.headers);
    expect((await call('GET', '/practice/replay', u.headers)).json().data).toEqual({ replay: null });
  });

  it("lists a user's own recording to them at once, and to others only after 30 days", async () => {
    const { user, call } = await setUp();
    const owner = await user();
    const other = await user();
    const store = createRecordingStore(t!.resources.db);
    const today = '2026-11-23'; // the fake clock's day
    for (const [day, source] of [
      [today, `zerodha:${owner.id}`],
      ['2026-10-20', `zerodha:${owner.id}`],
    ] as const) {
      await store.save({
        source,
        day,
        seq: 0,
        origin: { kind: 'user', userId: owner.id },
        ticks: [{ time: Date.parse(`${day}T04:00:00Z`), symbol: 'NIFTY 50', price: 26000 }],
      });
    }
    const idsOf = async (headers: Record<string, string>) =>
      (
        (await call('GET', '/practice/replay/days', headers)).json().data.days as Array<{
          id: string;
          kind: string;
        }>
      )
        .filter((d) => d.kind !== 'sample')
        .map((d) => `${d.kind} ${d.id}`);
    expect(await idsOf(owner.headers)).toEqual([
      `own zerodha:${owner.id}@${today}`,
      `own zerodha:${owner.id}@2026-10-20`,
    ]);
    expect(await idsOf(other.headers)).toEqual([`shared zerodha:${owner.id}@2026-10-20`]);
    await call('POST', '/broker/papertrading/start', other.headers);
    const forbidden = await call('POST', '/practice/replay', other.headers, {
      day: `zerodha:${owner.id}@${today}`,
      speed: 1,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(REPLAY_MESSAGES.notYours);
  });
});
