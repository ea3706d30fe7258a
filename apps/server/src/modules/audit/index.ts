import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Resources } from '../../resources';
import { commitWriterOf } from '../../store/group-commit';
import type { AppModule } from '../module';
import { type AuditLog, createAuditLog } from './audit-log';
import { createOrderAuditHooks, type OrderAuditHooks } from './order-hooks';
import { registerAuditRoutes } from './routes';

/** The order audit trail: the hash-chained log of every order action per user, and its day download. */
export interface AuditModule extends AppModule {
  readonly log: AuditLog;
  /** What the order manager wires in. */
  readonly orderHooks: OrderAuditHooks;
  close(): Promise<void>;
}

export function createAuditModule(
  resources: Pick<Resources, 'db' | 'clock' | 'logger'> & Partial<Pick<Resources, 'dialect'>>,
  deps: { requireUser: preHandlerAsyncHookHandler },
): AuditModule {
  // On SQLite this process alone writes the store: lines join the commit of the order writes (see audit-log.ts).
  const log = createAuditLog({ ...resources, commits: commitWriterOf(resources.db) });
  return {
    name: 'audit',
    log,
    orderHooks: createOrderAuditHooks(log),
    registerRoutes(app) {
      registerAuditRoutes(app, { db: resources.db, log, requireUser: deps.requireUser });
    },
    // Closed after the order manager (modules close in reverse order): its last lines are written first.
    close: () => log.flush(),
  };
}
