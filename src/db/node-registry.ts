// Every server process registers here and beats; another node's work (an import batch) is taken over only once it stops beating.
import type { Clock } from '../kernel/clock.ts';
import { every, type Repeating } from '../kernel/every.ts';
import { newId } from '../kernel/ids.ts';
import { silentLog, type Log } from '../kernel/log.ts';
import { OutageLog } from '../kernel/outage-log.ts';
import type { Sql } from './sql.ts';

export class NodeRegistry {
  private beats: Repeating | null = null;
  private live = 1;

  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
    /** Beat interval; a node is stale after three missed beats. */
    readonly intervalMs: number,
    private readonly log: Log = silentLog,
    /** This node's id; another thread of the same process passes the one its primary beats for. */
    readonly id: string = newId(),
  ) {}

  /** The oldest heartbeat a live node can have now. */
  staleBefore(): string {
    return new Date(this.clock().getTime() - 3 * this.intervalMs).toISOString();
  }

  /** Nodes beating as of the last beat (this one included): limits meant for the whole deployment are split by it. */
  liveCount(): number {
    return this.live;
  }

  async beat(): Promise<void> {
    const now = this.clock().toISOString();
    await this.sql.run(
      'INSERT INTO nodes (id, started_at, heartbeat_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at',
      [this.id, now, now],
    );
    const row = await this.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM nodes WHERE heartbeat_at >= ?', [
      this.staleBefore(),
    ]);
    this.live = Math.max(1, row?.n ?? 1);
  }

  /** Beats now and every interval; `onBeat` runs after each beat (the orphan sweeps). */
  async start(onBeat: () => Promise<void>): Promise<void> {
    const tick = async () => {
      await this.beat();
      await onBeat();
    };
    await tick();
    // A store slower than the interval skips beats instead of piling them up; out of reach, it is said once a minute.
    const beats = new OutageLog(this.log, 'heartbeat');
    this.beats = every(this.intervalMs, () => beats.track(tick()));
  }

  /** Stops beating and removes this node, so its rows are not waited for (after a beat under way, not before it). */
  async stop(): Promise<void> {
    this.beats?.stop();
    await this.beats?.running();
    this.beats = null;
    await this.sql.run('DELETE FROM nodes WHERE id = ? OR heartbeat_at < ?', [
      this.id,
      new Date(this.clock().getTime() - 86_400_000).toISOString(),
    ]);
  }
}
