import { describeBrokerSessionContract } from '../../../test/contracts/broker-session';
import { FakeIifl } from '../../../test/fakes/iifl';
import { createZerodhaFixture, NIFTY_CE } from '../../../test/fakes/kite';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { createPaperFixture, marketBuyOf } from '../../../test/helpers/paper';
import { createTestStore } from '../../../test/helpers/test-store';
import { insertUserRow } from '../../../test/helpers/user-rows';
import { silentLogger } from '../../logger';
import type { BrokerSession } from './broker';
import { createIiflService } from './iifl/service';
import { createCredentialVault } from './vault';

// The one broker-session contract, on every adapter this server has. A new broker adds its venue here.

describeBrokerSessionContract('paper', async () => {
  const f = await createPaperFixture('sqlite');
  const userId = await f.addUser();
  const ce = f.contracts.niftyCe;
  f.market.set('practice', { [ce.tradingsymbol]: 100, 'NIFTY 50': 26000 });
  const buy = marketBuyOf(ce);
  return {
    session: f.exchange.sessionFor(userId),
    restingBuy: (clientOrderId, quantity) => buy({ clientOrderId, quantity, orderType: 'limit', price: 90 }),
    async fillAtLimit() {
      f.clock.advance(1000);
      // Offers come down to the limit: the buy fills there.
      const depth = { buy: [{ price: 89.95, quantity: 650 }], sell: [{ price: 90, quantity: 650 }] };
      f.market.push('practice', { [ce.tradingsymbol]: 90 }, { depth });
      await f.exchange.idle();
    },
    close: () => f.close(),
  };
});

describeBrokerSessionContract('Zerodha on the fake Kite', async () => {
  const f = await createZerodhaFixture();
  const userId = await f.loggedInUser();
  const session = (await f.service.sessionFor(userId)) as BrokerSession;
  return {
    session,
    restingBuy: (clientOrderId, quantity) => ({
      clientOrderId,
      tradingSymbol: NIFTY_CE.tradingsymbol,
      internalToken: String(NIFTY_CE.instrument_token),
      exchange: 'NFO',
      side: 'buy',
      quantity,
      product: 'normal',
      orderType: 'limit',
      price: 90,
    }),
    async fillAtLimit(brokerOrderId) {
      f.kite.book('AB1234').fill(brokerOrderId, Number.MAX_SAFE_INTEGER, 90);
    },
    loseNextAnswer: () => f.kite.failNext('lose-response'),
    endSession: async () => f.kite.expireSessions(),
    close: () => f.close(),
  };
});

describeBrokerSessionContract('IIFL on its fake', async () => {
  const secret = 'iifl-app-secret';
  const iifl = await FakeIifl.start(secret);
  iifl.symbols.set('47164', 'NIFTY26D0126000CE');
  const store = await createTestStore();
  const clock = createFakeClock(Date.now());
  const service = createIiflService({
    vault: createCredentialVault({ db: store.db, clock, masterKey: new Uint8Array(32).fill(5) }),
    accounts: { activeBrokerOf: async () => 'IIFL', linkBroker: async () => undefined },
    clock,
    logger: silentLogger(),
    settings: {
      apiUrl: iifl.url,
      loginUrl: 'https://markets.example/',
      app: { appKey: 'XTAPP', appSecret: secret },
    },
    tokenOf: (symbol) => (symbol === 'NIFTY26D0126000CE' ? '12073986' : undefined),
    pollMs: 30,
  });
  const userId = await insertUserRow(store.db, { name: 'IIFL Trader', now: clock.now() });
  await service.completeLogin(userId, '78816704', iifl.issueAuthCode('78816704'));
  return {
    session: (await service.sessionFor(userId)) as BrokerSession,
    restingBuy: (clientOrderId, quantity) => ({
      clientOrderId,
      tradingSymbol: 'NIFTY26D0126000CE',
      internalToken: '12073986',
      exchange: 'NFO',
      side: 'buy',
      quantity,
      product: 'normal',
      orderType: 'limit',
      price: 90,
    }),
    async fillAtLimit(brokerOrderId) {
      const order = iifl.orders.get(brokerOrderId);
      iifl.fill(brokerOrderId, order?.pendingQuantity ?? 0, 90);
    },
    loseNextAnswer: () => iifl.loseNextAnswer(),
    endSession: async () => iifl.expireSessions(),
    async close() {
      service.close();
      await iifl.close();
      await store.close();
    },
  };
});
