export { FakeFlattrade, type FakeFlattradeOrder, type RecordedFlattradeRequest } from './fake-flattrade';
