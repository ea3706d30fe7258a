import { describeLiveBrokerFlow } from '../../../../test/contracts/live-broker-flow';
import { FakeVortex } from '../../../../test/fakes/vortex';

// Rupeezy through the whole app against its fake: flow login and checksum exchange, the NIFTY call bought in units
// on NSE_FO as INTRADAY / RL-MKT with its master token, a stop-loss sent as SL (stop-limit) modified and cancelled.

describeLiveBrokerFlow({
  key: 'vortex',
  name: 'Rupeezy',
  brokerId: 'VORTEX',
  start: () => FakeVortex.start(),
  marketBuy: (record) => ({
    quantity: record.lot_size,
    product: 'INTRADAY',
    orderType: 'RL-MKT',
    side: 'BUY',
  }),
  stopLossType: 'SL',
});
