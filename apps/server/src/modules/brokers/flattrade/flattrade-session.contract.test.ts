import { describeBrokerSessionContract } from '../../../../test/contracts/broker-session';
import { createFlattradeFixture } from '../../../../test/fakes/flattrade';

// The one broker-session contract on the Flattrade adapter, against its fake.
describeBrokerSessionContract('Flattrade on its fake', async () => {
  const f = await createFlattradeFixture();
  const { session } = await f.loggedIn();
  return {
    session,
    restingBuy: (clientOrderId, quantity) => f.command({ clientOrderId, quantity }),
    async fillAtLimit(brokerOrderId) {
      f.fake.fill(brokerOrderId, f.fake.book.get(brokerOrderId)?.prc ?? 0);
    },
    loseNextAnswer: () => f.fake.loseNextAnswer(),
    endSession: async () => f.fake.expireSessions(),
    close: () => f.close(),
  };
});
