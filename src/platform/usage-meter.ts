// Usage per key: counted in memory, written in one batch per tick, and read back so every node sees every node's count.
import { epochMs, systemClock, type Clock } from '../kernel/clock.ts';
import { silentLog, type Log } from '../kernel/log.ts';
import { CalendarKeys } from './plans.ts';
import type { DailyIncrement, UsageIncrement, UsageRepository } from './usage-repository.ts';

/** Where counts go: the store's repository, or (in a worker thread) the main thread's meter over a message port. */
export type UsageStore = Pick<UsageRepository, 'add' | 'used' | 'usedMany'>;

/** How often counts reach the store; a node sees the others' requests within two of these (the over-admission bound). */
export const FLUSH_INTERVAL_MS = 1000;

interface SlotNames {
  month: string;
  day: string;
  /** "keyId|month" */
  slot: string;
  /** "keyId|day" */
  daySlot: string;
}

export class UsageMeter {
  /** "keyId|month" -> requests known: the stored total plus this node's unwritten ones. */
  private readonly totals = new Map<string, number>();
  /** "keyId|month" -> requests not yet written. */
  private pending = new Map<string, number>();
  /** "keyId|day" -> requests not yet written to the per-day table (the dashboard's chart; never read back for quotas). */
  private pendingDaily = new Map<string, number>();
  private readonly calendar = new CalendarKeys();
  /** Per key: the slot names `record` last used (one entry per key that made a request since start). */
  private readonly slotNames = new Map<number, SlotNames>();
  private readonly loading = new Map<string, Promise<number>>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly repo: UsageStore,
    private readonly clock: Clock = systemClock,
    private readonly log: Log = silentLog,
  ) {}

  /** Requests counted for the key in `month`: from memory, or (the first time) from the store. */
  used(keyId: number, month: string): number | Promise<number> {
    const slot = `${keyId}|${month}`;
    const known = this.totals.get(slot);
    if (known !== undefined) return known;
    let load = this.loading.get(slot);
    if (!load) {
      load = this.repo.used(keyId, month).then((stored) => {
        this.loading.delete(slot);
        const total = stored + (this.pending.get(slot) ?? 0);
        this.totals.set(slot, total);
        return total;
      });
      this.loading.set(slot, load);
    }
    return load;
  }

  /** Counts one answered request, against `month` and against today (UTC). */
  record(keyId: number, month: string): void {
    const { slot, daySlot } = this.slotsOf(keyId, month, this.calendar.dayOf(epochMs(this.clock)));
    this.totals.set(slot, (this.totals.get(slot) ?? 0) + 1);
    this.pending.set(slot, (this.pending.get(slot) ?? 0) + 1);
    this.pendingDaily.set(daySlot, (this.pendingDaily.get(daySlot) ?? 0) + 1);
  }

  /** The key's slot names for this month and day, made once per key and day rather than per request. */
  private slotsOf(keyId: number, month: string, day: string): SlotNames {
    let names = this.slotNames.get(keyId);
    if (names === undefined || names.month !== month || names.day !== day) {
      names = { month, day, slot: `${keyId}|${month}`, daySlot: `${keyId}|${day}` };
      this.slotNames.set(keyId, names);
    }
    return names;
  }

  /** Counts answered by worker threads (their meters flush here): they join this thread's unwritten counts. */
  add(increments: UsageIncrement[], daily: DailyIncrement[] = []): void {
    for (const i of increments) {
      const slot = `${i.keyId}|${i.month}`;
      this.totals.set(slot, (this.totals.get(slot) ?? 0) + i.requests);
      this.pending.set(slot, (this.pending.get(slot) ?? 0) + i.requests);
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
    this.timer ??= setInterval(() => {
      this.flush().catch((err: unknown) => this.log.error({ err }, 'usage flush failed; counts stay buffered'));
    }, intervalMs).unref();
  }

  /** Stops the timer and writes what is left (the shutdown hook). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async writeAndRefresh(): Promise<void> {
    const batch = this.pending;
    const daily = this.pendingDaily;
    this.pending = new Map();
    this.pendingDaily = new Map();
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
        this.totals.set(slot, (stored.get(keyId) ?? 0) + (this.pending.get(slot) ?? 0));
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
