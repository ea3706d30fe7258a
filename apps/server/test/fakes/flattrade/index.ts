export { FakeFlattrade, type FakeFlattradeOrder, type RecordedFlattradeRequest } from './fake-flattrade';
export { createFlattradeFixture, FLATTRADE_CLIENT, type FlattradeFixture } from './fixture';
