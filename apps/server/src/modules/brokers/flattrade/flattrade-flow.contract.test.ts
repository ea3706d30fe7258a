import { describeLiveBrokerFlow } from '../../../../test/contracts/live-broker-flow';
import { FakeFlattrade } from '../../../../test/fakes/flattrade';

// The whole app with Flattrade pointed at its fake: login, the request-code exchange, funds, a market buy of one
// lot as Noren's form fields (trading symbol, units, product I, MKT), stop-loss modify and cancel, polled updates.
describeLiveBrokerFlow({
  key: 'flattrade',
  name: 'Flattrade',
  brokerId: 'FLATTRADE',
  start: () => FakeFlattrade.start(),
  marketBuy: (record) => ({ quantity: record.lot_size, product: 'I', orderType: 'MKT', side: 'B' }),
  stopLossType: 'SL-LMT',
});
