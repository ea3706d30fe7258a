import { describeBrokerSessionContract } from '../../../test/contracts/broker-session';
import { createIiflFixture } from '../../../test/fakes/iifl';
import { createZerodhaFixture, NIFTY_CE } from '../../../test/fakes/kite';
import { createPaperFixture, marketBuyOf } from '../../../test/helpers/paper';
import type { BrokerSession } from './broker';

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
  const f = await createIiflFixture();
  const { session } = await f.loggedIn();
  return {
    session,
    restingBuy: (clientOrderId, quantity) => ({
      clientOrderId,
      tradingSymbol: f.call.tradingsymbol,
      internalToken: f.call.internalToken,
      exchange: 'NFO',
      side: 'buy',
      quantity,
      product: 'normal',
      orderType: 'limit',
      price: 90,
    }),
    async fillAtLimit(brokerOrderId) {
      const order = f.fake.orders.get(brokerOrderId);
      f.fake.fill(brokerOrderId, order?.pendingQuantity ?? 0, 90);
    },
    loseNextAnswer: () => f.fake.loseNextAnswer(),
    endSession: async () => f.fake.expireSessions(),
    close: () => f.close(),
  };
});
