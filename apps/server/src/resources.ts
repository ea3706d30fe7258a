import type { Kysely } from 'kysely';
import type { Bus } from './bus/bus';
import type { Clock } from './clock';
import type { LeaseStore } from './cluster/lease-store';
import type { EngineOwnership } from './cluster/ownership';
import type { Config } from './config';
import type { Logger } from './logger';
import type { MasterKey } from './secrets';
import type { Database } from './store/database';
import type { StoreDialect } from './store/open-store';

/**
 * The collaborators every module receives (no global singletons): tests build the same object with a
 * temp store, a fake clock and a silent logger.
 */
export interface Resources {
  config: Config;
  logger: Logger;
  /** Epoch-ms time source; the only way rules learn the time. */
  clock: Clock;
  db: Kysely<Database>;
  /** Which engine `db` runs on, for the rare query that differs. */
  dialect: StoreDialect;
  bus: Bus;
  /** Leases between instances (who runs a user's engine, who streams prices); see docs/cluster.md. */
  leases: LeaseStore;
  /** Which users' engines run on this instance (all of them unless clustered); see docs/cluster.md. */
  ownership: EngineOwnership;
  /** Root secret; derive per-purpose keys with `deriveKey(masterKey, purpose)`. */
  masterKey: MasterKey;
}
