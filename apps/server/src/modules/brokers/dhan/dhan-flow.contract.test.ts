import { describeLiveBrokerFlow } from '../../../../test/contracts/live-broker-flow';
import { FakeDhan } from '../../../../test/fakes/dhan';

// Dhan through the whole app on its fake: consent login, funds, a market buy of one lot with Dhan's security id,
// units, INTRADAY and MARKET, polled to complete, positions, a stop-loss (STOP_LOSS with a protective limit)
// modified and cancelled.

describeLiveBrokerFlow({
  key: 'dhan',
  name: 'Dhan',
  brokerId: 'DHAN',
  start: () => FakeDhan.start(),
  marketBuy: (record) => ({
    quantity: record.lot_size,
    product: 'INTRADAY',
    orderType: 'MARKET',
    side: 'BUY',
  }),
  stopLossType: 'STOP_LOSS',
});
