import type { BrokerRegistry, BrokerSession } from './broker';

/**
 * Builds (or returns a cached) session of one broker for one user; undefined when the user cannot trade through
 * it right now (e.g. no valid token). Adapters register one of these under their broker id.
 */
export type BrokerAdapterFactory = (
  userId: string,
) => BrokerSession | undefined | Promise<BrokerSession | undefined>;

export interface BrokerRegistryDeps {
  /** The user's active broker id (PAPERTRADE, ZERODHA, ...) or null when none is active. */
  activeBrokerOf(userId: string): Promise<string | null>;
}

/**
 * `BrokerRegistry` over a map of adapter factories keyed by broker id. The paper exchange registers PAPERTRADE;
 * live adapters (Zerodha, IIFL, ...) register themselves the same way, so the engine never names a broker.
 */
export class AdapterRegistry implements BrokerRegistry {
  private readonly factories = new Map<string, BrokerAdapterFactory>();

  constructor(private readonly deps: BrokerRegistryDeps) {}

  /** Adds the adapter of `brokerId` (case-insensitive); a second registration of one id is a wiring bug. */
  register(brokerId: string, factory: BrokerAdapterFactory): void {
    const key = brokerId.toUpperCase();
    if (this.factories.has(key)) throw new Error(`Broker adapter ${key} is already registered`);
    this.factories.set(key, factory);
  }

  has(brokerId: string): boolean {
    return this.factories.has(brokerId.toUpperCase());
  }

  async sessionFor(userId: string): Promise<BrokerSession | undefined> {
    const brokerId = await this.deps.activeBrokerOf(userId);
    if (!brokerId) return undefined;
    const factory = this.factories.get(brokerId.toUpperCase());
    return factory ? await factory(userId) : undefined;
  }
}
