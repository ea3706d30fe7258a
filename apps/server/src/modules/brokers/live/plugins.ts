import type { PluggedBrokerKey } from '../../../config';
import { createAliceBluePlugin } from '../aliceblue/plugin';
import { createAngelOnePlugin } from '../angelone/plugin';
import { createDhanPlugin } from '../dhan/plugin';
import { createFlattradePlugin } from '../flattrade/plugin';
import { createFyersPlugin } from '../fyers/plugin';
import { createUpstoxPlugin } from '../upstox/plugin';
import { createVortexPlugin } from '../vortex/plugin';
import type { LiveBrokerPluginFactory } from './plugin';

/**
 * The brokers that trade through the plugin seam, by key. A broker without a factory here only stores its login
 * grant (`callbacks.ts`) until its adapter lands.
 */
export const LIVE_BROKER_PLUGINS: Readonly<Record<PluggedBrokerKey, LiveBrokerPluginFactory | undefined>> = {
  upstox: createUpstoxPlugin,

  fyers: createFyersPlugin,

  dhan: createDhanPlugin,

  angelone: createAngelOnePlugin,

  flattrade: createFlattradePlugin,

  aliceblue: createAliceBluePlugin,

  vortex: createVortexPlugin,
};
