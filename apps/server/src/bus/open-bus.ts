import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Bus } from './bus';
import { createMemoryBus } from './memory-bus';
import { createRedisBus } from './redis-bus';

/** The bus selected by config: Redis when `REDIS_URL` is set, otherwise in-process. */
export function openBus(config: Pick<Config, 'redisUrl' | 'redisPrefix'>, logger: Logger): Promise<Bus> {
  return config.redisUrl
    ? createRedisBus({ url: config.redisUrl, channelPrefix: config.redisPrefix }, logger)
    : Promise.resolve(createMemoryBus(logger));
}
