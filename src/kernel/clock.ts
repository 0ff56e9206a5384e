// Time comes from an injected clock everywhere: services take a Clock, tests pass a fixed or stepping one.

/** The current time. */
export type Clock = () => Date;

/** One day in milliseconds (UTC days: no leap seconds, no time zones). */
export const DAY_MS = 86_400_000;

/** Wall-clock time. */
export const systemClock: Clock = () => new Date();

/**
 * Milliseconds since the epoch: Date.now() for the system clock, so hot paths allocate no Date; `read`, a Date.now() the
 * caller took already (a request's arrival), stands in for it.
 */
export function epochMs(clock: Clock, read?: number): number {
  if (clock !== systemClock) return clock().getTime();
  return read ?? Date.now();
}
