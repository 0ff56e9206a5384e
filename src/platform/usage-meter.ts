// Usage per key: counted in memory, written in one batch per tick, and read back so every node sees every node's count;
// a key's last requests of the month are counted in the store at once instead.
import { epochMs, systemClock, type Clock } from '../kernel/clock.ts';
import { beforeDeadline } from '../kernel/deadline.ts';
import { silentLog, type Log } from '../kernel/log.ts';
import { loadOnce } from '../kernel/load-once.ts';
import { OutageLog } from '../kernel/outage-log.ts';
import { CalendarKeys } from './plans.ts';
import type { DailyIncrement, UsageIncrement, UsageRepository } from './usage-repository.ts';

/** Where counts go: the store's repository. */
export type UsageStore = Pick<UsageRepository, 'add' | 'addWithin' | 'used' | 'usedMany'>;

/** How often counts reach the store; a node sees the others' requests within two of these. */
export const FLUSH_INTERVAL_MS = 1000;

/**
 * How many seconds of a key's traffic a count made in memory may stay unseen by the other threads and nodes: its own
 * flush (one interval), then theirs reading it back (one more), after a view already one interval old, plus one for
 * slow writes and requests in flight. Counts closer than that to a quota go to the store at once (`countWithin`).
 */
export const UNSEEN_SECONDS = (4 * FLUSH_INTERVAL_MS) / 1000;

/**
 * One key's requests on this node in the current month and UTC day: a request is one map lookup and an increment here;
 * the flush folds them into the queues written to the store.
 */
interface KeyUsage {
  month: string;
  day: string;
  /** "keyId|month" and "keyId|day": the queue and total keys, made once per key and day. */
  monthSlot: string;
  daySlot: string;
  /** The month's total as `totals` last knew it (stored plus folded), or null until read from the store. */
  known: number | null;
  /** Requests counted since the last fold. */
  unfolded: number;
}

export class UsageMeter {
  /** "keyId|month" -> requests known: the stored total plus this node's folded unwritten ones. */
  private readonly totals = new Map<string, number>();
  /** "keyId|month" -> requests not yet written. */
  private pending = new Map<string, number>();
  /** "keyId|day" -> requests not yet written to the per-day table (the dashboard's chart; never read back for quotas). */
  private pendingDaily = new Map<string, number>();
  private readonly calendar = new CalendarKeys();
  /** Per key that made a request since start: its current month and day. */
  private readonly current = new Map<number, KeyUsage>();
  private readonly loading = new Map<string, Promise<number>>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** "keyId|month" -> requests of the batch a flush is writing now (not yet confirmed by the store). */
  private writing: Map<string, number> | null = null;

  constructor(
    private readonly repo: UsageStore,
    private readonly clock: Clock = systemClock,
    private readonly log: Log = silentLog,
  ) {}

  /** Requests counted for the key in `month`: from memory, or (the first time) from the store. */
  used(keyId: number, month: string): number | Promise<number> {
    const usage = this.current.get(keyId);
    if (usage !== undefined && usage.month === month && usage.known !== null) return usage.known + usage.unfolded;
    const slot = `${keyId}|${month}`;
    const known = this.totals.get(slot);
    if (known !== undefined) return this.learn(keyId, month, known);
    const load = loadOnce(
      this.loading,
      slot,
      () => this.repo.used(keyId, month),
      (stored) => {
        const total = stored + (this.pending.get(slot) ?? 0);
        this.totals.set(slot, total);
        return total;
      },
    );
    return load.then((total) => this.learn(keyId, month, total));
  }

  /**
   * Counts `n` answered requests in memory, against `month` and against `day` ('YYYY-MM-DD', UTC; today by the meter's
   * clock): true. False, counting nothing, when the month's count with them would pass `exactFrom` (or is not known
   * yet): the caller counts them with `countWithin` instead.
   */
  record(
    keyId: number,
    month: string,
    day = this.calendar.dayOf(epochMs(this.clock)),
    n = 1,
    exactFrom = Infinity,
  ): boolean {
    let usage = this.current.get(keyId);
    if (usage === undefined || usage.month !== month || usage.day !== day) usage = this.begin(keyId, month, day, usage);
    if (exactFrom !== Infinity && (usage.known === null || usage.known + usage.unfolded + n > exactFrom)) return false;
    usage.unfolded += n;
    return true;
  }

  /**
   * Counts `n` requests in the store at once, unless the month's total there would pass `limit`: false then. For a
   * key's last requests of the month, which other threads and nodes must not also give out before their next flush.
   */
  async countWithin(keyId: number, month: string, day: string, n: number, limit: number): Promise<boolean> {
    const total = await this.repo.addWithin(keyId, month, n, limit);
    // Refused: the store holds more than `limit - n` already.
    this.raise(keyId, month, total ?? limit - n + 1);
    if (total === null) return false;
    const daySlot = `${keyId}|${day}`;
    this.pendingDaily.set(daySlot, (this.pendingDaily.get(daySlot) ?? 0) + n);
    return true;
  }

  /** The store holds at least `stored` for the key's month: this node's count of it is no less from now on. */
  private raise(keyId: number, month: string, stored: number): void {
    const slot = `${keyId}|${month}`;
    if ((this.totals.get(slot) ?? -1) >= stored) return;
    this.totals.set(slot, stored);
    this.learn(keyId, month, stored);
  }

  /** A key's entry for a new month or day; the old entry's counts go to the queues first. */
  private begin(keyId: number, month: string, day: string, previous: KeyUsage | undefined): KeyUsage {
    if (previous) this.fold(previous);
    const monthSlot = `${keyId}|${month}`;
    const usage: KeyUsage = {
      month,
      day,
      monthSlot,
      daySlot: `${keyId}|${day}`,
      known: this.totals.get(monthSlot) ?? null,
      unfolded: 0,
    };
    this.current.set(keyId, usage);
    return usage;
  }

  /** Moves an entry's counted requests into the totals and the write queues. */
  private fold(usage: KeyUsage): void {
    const n = usage.unfolded;
    if (n === 0) return;
    usage.unfolded = 0;
    const total = (this.totals.get(usage.monthSlot) ?? 0) + n;
    this.totals.set(usage.monthSlot, total);
    usage.known = total;
    this.pending.set(usage.monthSlot, (this.pending.get(usage.monthSlot) ?? 0) + n);
    this.pendingDaily.set(usage.daySlot, (this.pendingDaily.get(usage.daySlot) ?? 0) + n);
  }

  /** `total` (folded requests included) plus what the key's entry counted since, remembered by the entry of that month. */
  private learn(keyId: number, month: string, total: number): number {
    const usage = this.current.get(keyId);
    if (usage === undefined || usage.month !== month) return total;
    usage.known = total;
    return total + usage.unfolded;
  }

  /** Counts answered by worker threads (their meters flush here): they join this thread's unwritten counts. */
  add(increments: UsageIncrement[], daily: DailyIncrement[] = []): void {
    for (const i of increments) {
      const slot = `${i.keyId}|${i.month}`;
      const total = (this.totals.get(slot) ?? 0) + i.requests;
      this.totals.set(slot, total);
      this.pending.set(slot, (this.pending.get(slot) ?? 0) + i.requests);
      this.learn(i.keyId, i.month, total);
    }
    for (const d of daily) {
      const slot = `${d.keyId}|${d.day}`;
      this.pendingDaily.set(slot, (this.pendingDaily.get(slot) ?? 0) + d.requests);
    }
  }

  /** Totals as this thread knows them (stored plus unwritten), for worker threads' refreshes. */
  async usedMany(keyIds: number[], month: string): Promise<Map<number, number>> {
    return new Map(await Promise.all(keyIds.map(async (keyId) => [keyId, await this.used(keyId, month)] as const)));
  }

  /** Writes buffered counts, then refreshes every known total from the store (other nodes' requests included). */
  flush(): Promise<void> {
    this.flushing ??= this.writeAndRefresh().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Starts the periodic flush; the timer does not keep the process alive. */
  start(intervalMs = FLUSH_INTERVAL_MS): void {
    const outage = new OutageLog(this.log, 'usage flush');
    this.timer ??= setInterval(() => {
      // One attempt at a time: ticks during a slow attempt must not each log its failure.
      if (this.flushing) return;
      void outage.track(this.flush(), '; counts stay buffered');
    }, intervalMs).unref();
  }

  /**
   * Stops the timer and writes what is left (the shutdown hook): after a flush already running, what came since.
   * Gives up at `deadline` (epoch ms) and returns the requests not written, per key id (empty when all were).
   */
  async stop(deadline = Infinity): Promise<Map<number, number>> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const last = (this.flushing ?? Promise.resolve()).catch(() => undefined).then(() => this.flush());
    await beforeDeadline(last, deadline);
    return this.unwritten();
  }

  /** Requests counted but not confirmed written (buffered, or in a write still under way), per key id. */
  private unwritten(): Map<number, number> {
    for (const usage of this.current.values()) this.fold(usage);
    const lost = new Map<number, number>();
    for (const [slot, n] of [...this.pending, ...(this.writing ?? [])])
      lost.set(keyOf(slot), (lost.get(keyOf(slot)) ?? 0) + n);
    return lost;
  }

  private async writeAndRefresh(): Promise<void> {
    for (const usage of this.current.values()) this.fold(usage);
    const batch = this.pending;
    const daily = this.pendingDaily;
    this.pending = new Map();
    this.pendingDaily = new Map();
    this.writing = batch;
    try {
      await this.repo.add(
        [...batch].map(([slot, requests]) => ({ keyId: keyOf(slot), month: periodOf(slot), requests })),
        [...daily].map(([slot, requests]) => ({ keyId: keyOf(slot), day: periodOf(slot), requests })),
      );
    } catch (err) {
      // The batch rolled back as a whole: put every count back for the next attempt.
      for (const [slot, n] of batch) this.pending.set(slot, (this.pending.get(slot) ?? 0) + n);
      for (const [slot, n] of daily) this.pendingDaily.set(slot, (this.pendingDaily.get(slot) ?? 0) + n);
      throw err;
    } finally {
      this.writing = null;
    }
    const byMonth = new Map<string, number[]>();
    for (const slot of this.totals.keys()) {
      const month = periodOf(slot);
      byMonth.set(month, [...(byMonth.get(month) ?? []), keyOf(slot)]);
    }
    for (const [month, keyIds] of byMonth) {
      const stored = await this.repo.usedMany(keyIds, month);
      for (const keyId of keyIds) {
        const slot = `${keyId}|${month}`;
        const total = (stored.get(keyId) ?? 0) + (this.pending.get(slot) ?? 0);
        this.totals.set(slot, total);
        this.learn(keyId, month, total);
      }
    }
  }
}

/** The key id of a "keyId|period" slot. */
function keyOf(slot: string): number {
  return Number(slot.slice(0, slot.indexOf('|')));
}

/** The month or day of a "keyId|period" slot. */
function periodOf(slot: string): string {
  return slot.slice(slot.indexOf('|') + 1);
}
