export { FakeTrueData, trueDataTime } from './fake-truedata';
