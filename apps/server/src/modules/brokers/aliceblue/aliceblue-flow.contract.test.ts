import { describeLiveBrokerFlow } from '../../../../test/contracts/live-broker-flow';
import { FakeAliceBlue } from '../../../../test/fakes/aliceblue';

// The whole path a trader takes with AliceBlue, through the app and the fake open-api: a market buy goes out with
// AliceBlue's Token as instrumentId, the quantity in units, INTRADAY, MARKET; a stop-loss as SL (stop-limit).

describeLiveBrokerFlow({
  key: 'aliceblue',
  name: 'AliceBlue',
  brokerId: 'ALICEBLUE',
  start: () => FakeAliceBlue.start(),
  marketBuy: (record) => ({
    quantity: record.lot_size,
    product: 'INTRADAY',
    orderType: 'MARKET',
    side: 'BUY',
  }),
  stopLossType: 'SL',
});
