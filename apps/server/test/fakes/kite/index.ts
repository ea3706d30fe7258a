export { type FailureKind, FakeKite, type FakeKiteApp, type RecordedRequest } from './fake-kite';
export { type FakeInstrument, type FakeOrder, FakeOrderBook, kiteTime } from './orders';
export { encodeFrame, encodePacket, type FakeMode, type FakeQuote, HEARTBEAT } from './packets';
export {
  createZerodhaFixture,
  eventually,
  NIFTY_CE,
  NIFTY_FUT,
  NIFTY_INDEX,
  type ZerodhaFixture,
} from './zerodha-fixture';
