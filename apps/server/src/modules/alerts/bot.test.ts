import { afterEach, expect, it } from 'vitest';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { createTestStore, describeEachStore } from '../../../test/helpers/test-store';
import { insertUserRow } from '../../../test/helpers/user-rows';
import { silentLogger } from '../../logger';
import type { StoreDialect } from '../../store/open-store';
import { CONFIRM_WINDOW_MS, createBot, MESSAGES, type OwnerCommand } from './bot';
import { createLinkStore } from './link-store';

// A `/closeall` and its "yes" may reach two different instances: the Telegram poller runs on one instance at a time
// and moves when that instance stops. The wait for the yes is kept in the store, so the yes is honoured wherever
// it lands, runs the close-all once, and not after its 60 s window.

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const CHAT = '-1001234';

async function twoInstances(kind: StoreDialect) {
  const store = await createTestStore(kind);
  close = () => store.close();
  const clock = createFakeClock(Date.UTC(2026, 11, 21, 5, 0));
  const links = createLinkStore(store.db, clock);
  const userId = await insertUserRow(store.db, { name: 'Telegram Trader', now: clock.now() });
  const { code } = await links.issueCode(userId);
  await links.redeem(code, CHAT);
  const replies: string[] = [];
  const ran: OwnerCommand[] = [];
  const bot = () =>
    createBot({
      links: createLinkStore(store.db, clock),
      reply: (_chat, text) => replies.push(text),
      onOwner: async (_user, _chat, command) => {
        ran.push(command);
      },
      clock,
      logger: silentLogger(),
    });
  const say = (instance: ReturnType<typeof bot>, text: string) =>
    instance.onUpdate({
      update_id: 1,
      message: { message_id: 1, chat: { id: Number(CHAT) }, text },
    } as never);
  return { a: bot(), b: bot(), say, replies, ran, clock };
}

describeEachStore('Telegram /closeall confirmation across instances', (kind) => {
  it('honours a yes on another instance once, within the window', async () => {
    const { a, b, say, replies, ran } = await twoInstances(kind);
    await say(a, '/closeall');
    expect(replies.at(-1)).toBe(MESSAGES.confirmCloseAll);
    // The poller moved: instance B reads the yes.
    await say(b, 'yes');
    expect(ran).toEqual(['closeall']);
    // One yes runs it once.
    await say(a, 'yes');
    expect(ran).toEqual(['closeall']);
    expect(replies.at(-1)).toBe(MESSAGES.nothingToConfirm);
  });

  it('does nothing on a yes after the 60 s window', async () => {
    const { a, b, say, replies, ran, clock } = await twoInstances(kind);
    await say(a, '/closeall');
    clock.advance(CONFIRM_WINDOW_MS + 1);
    await say(b, 'yes');
    expect(ran).toEqual([]);
    expect(replies.at(-1)).toBe(MESSAGES.nothingToConfirm);
  });
});
