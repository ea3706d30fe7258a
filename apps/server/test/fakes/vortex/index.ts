export { FakeVortex, type FakeVortexOrder } from './fake-vortex';
export { createVortexFixture, type VortexFixture } from './vortex-fixture';
