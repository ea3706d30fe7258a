import { describeLiveBrokerFlow } from '../../../../test/contracts/live-broker-flow';
import { FakeFyers } from '../../../../test/fakes/fyers';

// The whole app with Fyers pointed at its fake: login, the auth-code exchange, funds, a market buy of one lot as
// Fyers wants it (its symbol from the symbol master, units, INTRADAY, type 2, side 1), a stop-loss as stop-limit
// (type 4) modified and cancelled, a fill completing the order through the order-book poll, positions.

describeLiveBrokerFlow({
  key: 'fyers',
  name: 'Fyers',
  brokerId: 'FYERS',
  start: () => FakeFyers.start(),
  marketBuy: (record) => ({ quantity: record.lot_size, product: 'INTRADAY', orderType: '2', side: '1' }),
  stopLossType: '4',
});
