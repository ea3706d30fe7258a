import type { Logger } from '../../../logger';
import type { BrokerOrderUpdate } from '../broker';

type Handler = (update: BrokerOrderUpdate) => void;

/**
 * Order updates of the paper exchange, per user. Updates are delivered in the order their changes were
 * committed, always on a later turn of the event loop (never inside the command that caused them), so a caller
 * sees the acknowledgement of its command before the events that follow it.
 */
export class UserEvents {
  private readonly handlers = new Map<string, Set<Handler>>();
  private queue: BrokerOrderUpdate[] = [];
  private scheduled: Promise<void> | undefined;

  constructor(private readonly logger: Logger) {}

  subscribe(userId: string, handler: Handler): () => void {
    let set = this.handlers.get(userId);
    if (!set) {
      set = new Set();
      this.handlers.set(userId, set);
    }
    set.add(handler);
    return () => {
      const current = this.handlers.get(userId);
      current?.delete(handler);
      if (current?.size === 0) this.handlers.delete(userId);
    };
  }

  deliver(updates: readonly BrokerOrderUpdate[]): void {
    if (updates.length === 0) return;
    this.queue.push(...updates);
    if (!this.scheduled) {
      this.scheduled = new Promise<void>((resolve) =>
        setImmediate(() => {
          this.flush();
          resolve();
        }),
      );
    }
  }

  /** Resolves after every update handed over so far has been delivered. */
  async idle(): Promise<void> {
    while (this.scheduled) await this.scheduled;
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    this.scheduled = undefined;
    for (const update of batch) {
      for (const handler of this.handlers.get(update.userId) ?? []) {
        try {
          handler(update);
        } catch (error) {
          this.logger.error({ err: error, userId: update.userId }, 'paper order update handler failed');
        }
      }
    }
  }
}
