// Settled days of the admin funnel's session counts: counted once at the first read that needs them and kept, per UTC
// day and UTM group; triggers (migration 020) drop a day when a session created that day changes.
import { insertRows } from '../db/insert-rows.ts';
import type { Row, Sql } from '../db/sql.ts';
import { DAY_MS } from '../kernel/clock.ts';
import { dayName } from './funnel-window.ts';
import {
  addedUp,
  COUNT_FIELDS,
  GROUP_COUNTS,
  SESSIONS_WITH_PAYMENT,
  toGroup,
  UTM_COLUMNS,
  UTM_GROUP,
  type GroupCounts,
} from './session-funnel-groups.ts';

/** Days counted per transaction: SQLite's write lock is held while they are counted (20 ms for a week of 17,000). */
const DAYS_PER_COUNT = 7;

/** How many days `first`..`last` (day names, both included) is. */
const dayCount = (first: string, last: string) => (Date.parse(last) - Date.parse(first)) / DAY_MS + 1;

/** The day names from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(first); ms <= Date.parse(last); ms += DAY_MS) days.push(dayName(ms));
  return days;
}

const GROUP_COLUMNS = ['merchant_id', 'day', 'group_no', ...UTM_GROUP, ...COUNT_FIELDS] as const;
/** The kept counts summed, each under its own name. */
const SUMS = COUNT_FIELDS.map((c) => `SUM(${c}) AS ${c}`).join(', ');

export class SessionFunnelDays {
  constructor(private readonly sql: Sql) {}

  /** The groups of every session created on the days `first`..`last` (day names, both included). */
  async groups(merchantId: string, first: string, last: string): Promise<GroupCounts[]> {
    // One statement, so a day dropped meanwhile is either wholly summed and listed or wholly missing: the kept days'
    // groups summed per UTM group (a day's groups go with it), then the kept days' names.
    const rows = await this.sql.all<Row & { day: string | null }>(
      `SELECT NULL AS day, ${UTM_GROUP.join(', ')}, ${SUMS} FROM session_funnel_groups
       WHERE merchant_id = ? AND day >= ? AND day <= ? GROUP BY ${UTM_GROUP.join(', ')}
       UNION ALL SELECT day, ${[...UTM_GROUP, ...COUNT_FIELDS].map(() => 'NULL').join(', ')}
       FROM session_funnel_days WHERE merchant_id = ? AND day >= ? AND day <= ?`,
      [merchantId, first, last, merchantId, first, last],
    );
    const kept = new Set(rows.flatMap((r) => (r.day === null ? [] : [r.day])));
    // Naming every day costs a Date each (17 µs a month): only when some are missing.
    const allKept = kept.size === dayCount(first, last);
    const missing = allKept ? [] : daysBetween(first, last).filter((day) => !kept.has(day));
    const groups = rows.filter((r) => r.day === null).map(toGroup);
    for (let i = 0; i < missing.length; i += DAYS_PER_COUNT)
      groups.push(...(await this.keep(merchantId, missing.slice(i, i + DAYS_PER_COUNT))));
    return groups;
  }

  /** Every group of the days `first`..`last` added up, the days not kept yet counted and kept first. */
  async keptTotals(merchantId: string, first: string, last: string): Promise<GroupCounts> {
    const read = await this.keptSums(merchantId, first, last);
    if (read.complete) return read.sums;
    return addedUp(read.from === null ? [] : await this.groups(merchantId, read.from, last));
  }

  /**
   * The kept days' sums, and whether each day is kept from `first` or the day of the merchant's first session, the
   * later (`from`; the days before it hold no session, so none is kept), to `last`.
   */
  private async keptSums(merchantId: string, first: string, last: string) {
    // One statement: the first session, the days kept and their sums are read at one instant.
    const row = (await this.sql.get<Row & { earliest: string | null; days: number }>(
      `SELECT (SELECT MIN(created_at) FROM checkout_sessions WHERE merchant_id = ?) AS earliest,
         (SELECT COUNT(*) FROM session_funnel_days WHERE merchant_id = ? AND day >= ? AND day <= ?) AS days,
         ${SUMS}
       FROM session_funnel_groups WHERE merchant_id = ? AND day >= ? AND day <= ?`,
      [merchantId, merchantId, first, last, merchantId, first, last],
    ))!;
    const start = row.earliest === null ? null : [first, row.earliest.slice(0, 10)].sort()[1]!;
    const from = start === null || start > last ? null : start;
    const due = from === null ? 0 : dayCount(from, last);
    return { sums: toGroup(row), complete: Number(row.days) === due, from };
  }

  /** Counts the missing days and keeps them; returns their groups. */
  private keep(merchantId: string, missing: string[]): Promise<GroupCounts[]> {
    const first = missing[0]!;
    const last = missing[missing.length - 1]!;
    return this.sql.transaction(async (tx) => {
      // PostgreSQL: a change to an old session of this merchant waits for this count to commit (migration 020).
      if (tx.dialect === 'postgres')
        await tx.get("SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtext('session_funnel_days'), hashtext(?))) l", [
          merchantId,
        ]);
      const keptMeanwhile = await tx.all<{ day: string }>(
        'SELECT day FROM session_funnel_days WHERE merchant_id = ? AND day >= ? AND day <= ?',
        [merchantId, first, last],
      );
      const taken = new Set(keptMeanwhile.map((r) => r.day));
      const toKeep = new Set(missing.filter((day) => !taken.has(day)));
      const rows = await tx.all<Row & { day: string }>(
        `SELECT substr(s.created_at, 1, 10) AS day, ${UTM_COLUMNS}, ${GROUP_COUNTS}
         ${SESSIONS_WITH_PAYMENT} WHERE s.merchant_id = ? AND s.created_at >= ? AND s.created_at < ?
         GROUP BY substr(s.created_at, 1, 10), ${UTM_COLUMNS}`,
        [merchantId, first, dayName(Date.parse(last) + DAY_MS)],
      );
      const counted = rows.map((r) => ({ day: r.day, group: toGroup(r) }));
      const wanted = new Set(missing);
      const groups = counted.filter((c) => toKeep.has(c.day));
      await insertRows(
        tx,
        'session_funnel_days',
        ['merchant_id', 'day'],
        [...toKeep].map((day) => [merchantId, day]),
      );
      await insertRows(
        tx,
        'session_funnel_groups',
        GROUP_COLUMNS,
        groups.map(({ day, group: g }, i) => [
          merchantId,
          day,
          i,
          ...UTM_GROUP.map((c) => g[c]),
          ...COUNT_FIELDS.map((c) => g[c]),
        ]),
      );
      return counted.filter((c) => wanted.has(c.day)).map((c) => c.group);
    });
  }
}
