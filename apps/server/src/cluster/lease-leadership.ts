import type { Logger } from '../logger';
import type { Lease, LeaseStore } from './lease-store';

export interface LeaseLeadershipOptions {
  leases: LeaseStore;
  /** The lease, e.g. `leader:prices`. */
  name: string;
  /** This instance (config `instanceId`). */
  holder: string;
  /** Lease lifetime; a dead leader is replaced after at most this plus one `everyMs`. */
  ttlMs: number;
  /** How often the leader renews and the others try to take it (default a third of the TTL). */
  everyMs?: number;
  logger: Logger;
}

/**
 * Leadership of one named lease: every instance tries to take it, the holder renews it, and whoever holds it
 * leads. A renewal that fails (lease taken, store unreachable past the lease's life) steps down at once, so two
 * leaders overlap at most until the old one's next renewal, and followers ignore a lower epoch meanwhile.
 */
export class LeaseLeadership {
  private lease: Lease | null = null;
  /** Until when the held lease surely lives, on this clock (renewal time + TTL, measured before the call). */
  private heldUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private busy: Promise<void> = Promise.resolve();
  private readonly handlers = new Set<(leader: boolean) => void>();

  constructor(private readonly options: LeaseLeadershipOptions) {}

  get isLeader(): boolean {
    return this.lease !== null;
  }

  get epoch(): number {
    return this.lease?.epoch ?? 0;
  }

  onChange(handler: (leader: boolean) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.step();
    const everyMs = this.options.everyMs ?? Math.max(100, Math.floor(this.options.ttlMs / 3));
    this.timer = setInterval(() => void this.step(), everyMs);
    this.timer.unref();
  }

  /** Stops trying, and releases the lease when held so another instance takes it at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.busy;
    const held = this.lease;
    if (!held) return;
    this.set(null);
    await this.options.leases
      .release(held)
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'releasing a lease failed'));
  }

  /** One attempt, never two at once (a slow store must not stack renewals). */
  private step(): Promise<void> {
    this.busy = this.busy.then(() => this.attempt());
    return this.busy;
  }

  private async attempt(): Promise<void> {
    if (this.stopped) return;
    const { leases, name, holder, ttlMs, logger } = this.options;
    const startedAt = Date.now();
    try {
      const next = this.lease
        ? await leases.renew(this.lease, ttlMs)
        : await leases.acquire(name, holder, ttlMs);
      if (this.stopped) {
        if (next) await leases.release(next);
        return;
      }
      if (next) this.heldUntil = startedAt + ttlMs;
      this.set(next);
    } catch (error) {
      logger.warn({ err: error, lease: name }, 'lease attempt failed');
      // Unreachable store: keep leading only while the lease surely still lives.
      if (this.lease && Date.now() >= this.heldUntil) this.set(null);
    }
  }

  private set(lease: Lease | null): void {
    const was = this.lease !== null;
    this.lease = lease;
    if (was === (lease !== null)) return;
    for (const handler of this.handlers) {
      try {
        handler(lease !== null);
      } catch (error) {
        this.options.logger.error({ err: error }, 'leadership handler failed');
      }
    }
  }
}
