import { describeLiveBrokerFlow } from '../../../../test/contracts/live-broker-flow';
import { FakeAngelOne } from '../../../../test/fakes/angelone';

// The whole app with Angel One pointed at its fake: publisher login, the JWT checked with getProfile, orders in
// units with the scrip master's symbol token, intraday as INTRADAY, stop-losses as STOPLOSS_LIMIT, polling.

describeLiveBrokerFlow({
  key: 'angelone',
  name: 'Angel One',
  brokerId: 'ANGELONE',
  start: () => FakeAngelOne.start(),
  marketBuy: (record) => ({
    quantity: record.lot_size,
    product: 'INTRADAY',
    orderType: 'MARKET',
    side: 'BUY',
  }),
  stopLossType: 'STOPLOSS_LIMIT',
});
