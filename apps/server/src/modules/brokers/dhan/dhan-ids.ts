import type { BrokerId } from '@xtrader/core/brokers/ids';

/** Dhan's active-broker id. */
export const DHAN_BROKER_ID = 'DHAN' satisfies BrokerId;
