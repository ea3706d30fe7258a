import { describeLiveBrokerFlow } from '../../../../test/contracts/live-broker-flow';
import { FakeUpstox } from '../../../../test/fakes/upstox';

// The whole app against the fake Upstox: login through the authorization dialog, the code exchange, a market buy
// of one lot sent with Upstox's instrument key, units, product I and MARKET, a stop-loss as SL (stop-limit: the
// exchanges refuse SL-M on options) modified and cancelled, fills pushed on the portfolio stream.

describeLiveBrokerFlow({
  key: 'upstox',
  name: 'Upstox',
  brokerId: 'UPSTOX',
  start: () => FakeUpstox.start(),
  marketBuy: (record) => ({ quantity: record.lot_size, product: 'I', orderType: 'MARKET', side: 'BUY' }),
  stopLossType: 'SL',
});
