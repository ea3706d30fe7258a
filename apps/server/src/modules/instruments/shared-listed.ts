import type { Bus, Unsubscribe } from '../../bus/bus';
import type { Logger } from '../../logger';
import type { ListedContract } from './listed-rows';
import type { InstrumentService } from './service';

// The linked brokers' masters are one set for every instance of a cluster. The instance that downloads a broker's
// day's master keeps it in the store (brokerInstrumentMasters) and says so on the bus; every other instance reads
// that copy from the store and rebuilds its own instrument master with it. Without this an instance would list a
// broker's extra contracts only once one of its own users had loaded that broker's master, so the same strike
// would be listed on one instance and unknown on the next. A starting instance takes every stored copy in first.

declare module '../../bus/bus' {
  interface BusEvents {
    /** An instance adopted a broker's master it keeps in the store: the others adopt the stored copy too. */
    'instruments.listed': { from: string; broker: string };
  }
}

/** The brokers' masters kept in the store (all, or one broker's). */
export type StoredListed = (
  broker?: string,
) => Promise<Array<{ broker: string; contracts: readonly ListedContract[] }>>;

export function shareListedContracts(deps: {
  bus: Bus;
  instanceId: string;
  logger: Logger;
  service: Pick<InstrumentService, 'adoptListed' | 'holdListed'>;
  stored: StoredListed;
}) {
  const { bus, instanceId, logger, service, stored } = deps;
  return {
    /** Before the first build: every copy in the store. */
    async load(): Promise<void> {
      try {
        service.holdListed(await stored());
      } catch (error) {
        // The master is built without them; each comes back as its broker's master is next loaded.
        logger.error({ err: error }, 'stored broker masters unreadable; building without them');
      }
    },

    /** This instance loaded a broker's master: adopt it, and when it changed the master, tell the others. */
    async adopt(broker: string, contracts: readonly ListedContract[]): Promise<boolean> {
      const changed = await service.adoptListed(broker, contracts);
      if (changed)
        await bus
          .publish('instruments.listed', { from: instanceId, broker })
          .catch((error: unknown) =>
            logger.warn({ err: error, broker }, 'announcing a broker master failed'),
          );
      return changed;
    },

    /** Another instance's copy: read from the store and adopted here (never announced again). */
    listen(): Unsubscribe {
      return bus.subscribe('instruments.listed', ({ from, broker }) => {
        if (from === instanceId) return;
        stored(broker)
          .then(([copy]) => (copy ? service.adoptListed(broker, copy.contracts) : false))
          .catch((error: unknown) =>
            logger.error({ err: error, broker }, "adopting another instance's broker master failed"),
          );
      });
    },
  };
}
