import { describeBrokerSessionContract } from '../../../../test/contracts/broker-session';
import { createAngelOneFixture } from '../../../../test/fakes/angelone';

// The one broker-session contract, on Angel One's adapter against its fake.

describeBrokerSessionContract('Angel One on its fake', async () => {
  const f = await createAngelOneFixture();
  const { session } = await f.loggedIn();
  return {
    session,
    restingBuy: (clientOrderId, quantity) =>
      f.command({ clientOrderId, quantity, orderType: 'limit', price: 90 }),
    async fillAtLimit(brokerOrderId) {
      f.angel.fill(brokerOrderId, f.angel.book.get(brokerOrderId)?.price ?? 0);
    },
    loseNextAnswer: () => f.angel.loseNextAnswer(),
    endSession: async () => f.angel.expireSessions(),
    close: () => f.close(),
  };
});
