import type { Clock } from '../../clock';

/**
 * The time of a replayed trading day: it starts at `startAt` (an instant of that day) and runs `speed` times faster
 * than `wall`, standing still while paused. The paper account of a replay reads it, so its fills, expiry checks and
 * square-off happen at the replayed time.
 */
export class ReplayClock implements Clock {
  /** Replayed time at `anchorWall`. */
  private anchorReplay: number;
  private anchorWall: number;
  private pausedFlag = false;

  constructor(
    private readonly wall: Clock,
    startAt: number,
    readonly speed: number,
  ) {
    this.anchorReplay = startAt;
    this.anchorWall = wall.now();
  }

  now(): number {
    if (this.pausedFlag) return this.anchorReplay;
    return this.anchorReplay + (this.wall.now() - this.anchorWall) * this.speed;
  }

  get paused(): boolean {
    return this.pausedFlag;
  }

  pause(): void {
    if (this.pausedFlag) return;
    this.anchorReplay = this.now();
    this.pausedFlag = true;
  }

  resume(): void {
    if (!this.pausedFlag) return;
    this.anchorWall = this.wall.now();
    this.pausedFlag = false;
  }
}
