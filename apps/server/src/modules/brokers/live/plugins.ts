import type { PluggedBrokerKey } from '../../../config';
import { createAliceBluePlugin } from '../aliceblue/plugin';
import type { LiveBrokerPluginFactory } from './plugin';

/**
 * The brokers that trade through the plugin seam, by key. A broker without a factory here only stores its login
 * grant (`callbacks.ts`) until its adapter lands.
 */
export const LIVE_BROKER_PLUGINS: Readonly<Record<PluggedBrokerKey, LiveBrokerPluginFactory | undefined>> = {
  upstox: undefined,

  fyers: undefined,

  dhan: undefined,

  angelone: undefined,

  flattrade: undefined,

  aliceblue: createAliceBluePlugin,

  vortex: undefined,
};
