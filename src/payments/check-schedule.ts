// When an order nobody verified is asked of the gateway: a while after its buyer would have paid, then less and less
// often for a day (a buyer may pay late in an open tab; after a day nobody is still paying for that order).

/** Multiples of the first delay: with 5 minutes, checks at 5 min, 15 min, 1 h, 6 h and 24 h after the order. */
const STEPS = [1, 3, 12, 72, 288];

/** The first scheduled check after `now` for an order created at `createdAt`, or null when none is left. */
export function nextCheck(createdAt: string, now: Date, firstDelayMs: number): string | null {
  const created = Date.parse(createdAt);
  for (const step of STEPS) {
    const at = created + step * firstDelayMs;
    if (at > now.getTime()) return new Date(at).toISOString();
  }
  return null;
}
