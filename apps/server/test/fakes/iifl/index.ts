export { FakeIifl, type FakeIiflOrder, type RecordedIiflRequest } from './fake-iifl';
export { createIiflFixture, IIFL_APP_SECRET, type IiflFixture } from './iifl-fixture';
