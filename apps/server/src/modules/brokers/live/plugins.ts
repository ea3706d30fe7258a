import type { PluggedBrokerKey } from '../../../config';
import { createDhanPlugin } from '../dhan/plugin';
import type { LiveBrokerPluginFactory } from './plugin';

/**
 * The brokers that trade through the plugin seam, by key. A broker without a factory here only stores its login
 * grant (`callbacks.ts`) until its adapter lands.
 */
export const LIVE_BROKER_PLUGINS: Readonly<Record<PluggedBrokerKey, LiveBrokerPluginFactory | undefined>> = {
  upstox: undefined,

  fyers: undefined,

  dhan: createDhanPlugin,

  angelone: undefined,

  flattrade: undefined,

  aliceblue: undefined,

  vortex: undefined,
};
