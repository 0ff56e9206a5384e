// A report window split into the whole UTC days its daily counts answer and the partial days before and after them.
import { DAY_MS } from '../kernel/clock.ts';

/** Half-open ranges: `days` are inclusive day names (YYYY-MM-DD); `before` and `after` are [start, end) instants. */
export interface WindowParts {
  days: [string, string];
  before: [string, string];
  after: [string, string];
}

export const iso = (ms: number) => new Date(ms).toISOString();
/** The UTC day (YYYY-MM-DD) of an instant in ms. */
export const dayName = (ms: number) => iso(ms).slice(0, 10);

/** `from` and `to` are UTC instants as toISOString() writes them; `to` is inclusive to the millisecond. */
export function windowParts(from: string, to: string): WindowParts {
  const start = Date.parse(from);
  const end = Date.parse(to) + 1;
  const firstDay = Math.ceil(start / DAY_MS) * DAY_MS;
  const lastDayEnd = Math.floor(end / DAY_MS) * DAY_MS;
  // No whole day: the events answer all of it ('1' > '0' makes the day range empty).
  if (firstDay >= lastDayEnd) return { days: ['1', '0'], before: [from, iso(end)], after: [from, from] };
  return {
    days: [dayName(firstDay), dayName(lastDayEnd - DAY_MS)],
    before: [from, iso(firstDay)],
    after: [iso(lastDayEnd), iso(end)],
  };
}
