export { FakeVortex, type FakeVortexOrder } from './fake-vortex';
