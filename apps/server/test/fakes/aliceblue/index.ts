export { FakeAliceBlue, type FakeAliceOrder, type RecordedAliceRequest } from './fake-aliceblue';
