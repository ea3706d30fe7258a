/**
 * The users an instance above its fair share hands off now, so that a new instance gets work without waiting for
 * new users or for an instance to stop. The fair share is all user leases divided by the live instances, rounded
 * up (an instance at it never gives users away, so two instances never pass one user back and forth); users go
 * only while some other instance is below the share rounded down (someone will take them), at most `max` a time,
 * and never one with a command in flight.
 */
export function usersToHandOff(input: {
  self: string;
  /** Users whose lease this instance holds, oldest first. */
  held: readonly string[];
  /** User leases held per live instance, this one included, zero included. */
  holdings: ReadonlyMap<string, number>;
  busy: (userId: string) => boolean;
  max: number;
}): string[] {
  const { self, held, holdings, busy, max } = input;
  const live = holdings.size;
  if (max <= 0 || live < 2) return [];
  const total = [...holdings.values()].reduce((sum, n) => sum + n, 0);
  const share = Math.ceil(total / live);
  const excess = held.length - share;
  if (excess <= 0) return [];
  const floor = Math.floor(total / live);
  const someoneShort = [...holdings].some(([id, count]) => id !== self && count < floor);
  if (!someoneShort) return [];
  return held.filter((userId) => !busy(userId)).slice(0, Math.min(max, excess));
}
