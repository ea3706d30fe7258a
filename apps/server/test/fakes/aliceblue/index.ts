export { type AliceBlueFixture, createAliceBlueFixture } from './aliceblue-fixture';
export { FakeAliceBlue, type FakeAliceOrder, type RecordedAliceRequest } from './fake-aliceblue';
