// The orders engine paces with the live-broker kit's one pacer; these names keep its imports stable.
export type { WaitingClock as PacerTime } from '../../../clock';
export { createPacer, type Pacer, type PacerTurn } from '../../brokers/live-kit/pacer';
