export { FakeIifl, type FakeIiflOrder, type RecordedIiflRequest } from './fake-iifl';
