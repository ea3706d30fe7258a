export { FakeUpstox, type FakeUpstoxOrder, type RecordedUpstoxRequest } from './fake-upstox';
export { masterRowOf } from './master';
export {
  createUpstoxFixture,
  NIFTY_CALL,
  NIFTY_FUTURE,
  NIFTY_PUT,
  REDIRECT_URL,
  UNLISTED_CALL,
  type UpstoxFixture,
} from './upstox-fixture';
