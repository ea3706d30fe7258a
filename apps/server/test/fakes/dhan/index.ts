export { createDhanFixture, type DhanFixture } from './dhan-fixture';
export { FakeDhan, type FakeDhanOrder, type FakeDhanRequest } from './fake-dhan';
export { FakeDhanFeed } from './fake-dhan-feed';
export { DETAILED_HEADER, detailedRow, NOISE_ROWS } from './scrip-master-csv';
