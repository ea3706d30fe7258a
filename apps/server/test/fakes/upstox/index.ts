export { FakeUpstox, type FakeUpstoxOrder, type RecordedUpstoxRequest } from './fake-upstox';
export { masterRowOf } from './master';
