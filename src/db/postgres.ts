// The shared store for many nodes: PostgreSQL through the `postgres` client behind the same async Sql port as SQLite.
import postgres from 'postgres';
import { beforeDeadline } from '../kernel/deadline.ts';
import { pendingSteps } from './migrate.ts';
import { all, answered, Liveness, run } from './postgres-statements.ts';
import { transaction } from './postgres-transaction.ts';
import type { Database, Row, Sql } from './sql.ts';

/** Seconds a connection may take to open: a database that accepts and never answers costs a request no more. */
const CONNECT_TIMEOUT_S = 5;
/** Milliseconds start-up waits for the database's first answer (a connection, plus its retries). */
const START_ANSWER_MS = 15_000;
/**
 * Seconds between attempts to reconnect. The driver's own backoff grows to 20 s with each failure, and every statement
 * waits for the next attempt: in an outage requests waited 10-48 s for their 503, and as long after it ended.
 */
const RECONNECT_BACKOFF_S = 0.2;
/** Milliseconds /readyz waits for the database before calling it not ready. */
const PING_TIMEOUT_MS = 2000;

/** Any lock key: every node migrating at once takes turns on it. */
const MIGRATION_LOCK = 7_346_219;

/** Connects, applies pending migrations (one node at a time) and returns the store. */
export async function openPostgres(
  url: string,
  options: { max?: number; answerWithinMs?: number } = {},
): Promise<Database> {
  const client = postgres(url, {
    max: options.max ?? 10,
    connect_timeout: CONNECT_TIMEOUT_S,
    backoff: () => RECONNECT_BACKOFF_S,
    onnotice: () => undefined,
    // COUNT(*) and SUM() are bigint; every count here fits a double, so read them as numbers like SQLite does.
    types: { bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) } },
  });
  // A host that takes the connection and never answers (a firewall, a wrong port) would hold start-up for ever.
  const answerWithinMs = options.answerWithinMs ?? START_ANSWER_MS;
  const answered = await beforeDeadline(client.unsafe('SELECT 1'), Date.now() + answerWithinMs);
  if (!answered.done) {
    void client.end({ timeout: 0 });
    if ('failed' in answered) throw answered.failed;
    throw new Error(`no answer within ${answerWithinMs / 1000} s`);
  }
  const migrated = await migrate(client);
  return new PostgresDatabase(client, redact(url), migrated);
}

class PostgresDatabase implements Database {
  readonly dialect = 'postgres' as const;
  /** When the database last answered: a request is given up only once it has answered nothing for a while. */
  private readonly live = new Liveness();

  constructor(
    private readonly client: postgres.Sql,
    readonly location: string,
    readonly migrated: readonly string[],
  ) {}

  all<T = Row>(text: string, params: readonly unknown[] = []): Promise<T[]> {
    return answered(all(this.client, text, params, this.live), this.live);
  }

  async get<T = Row>(text: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return (await this.all<T>(text, params))[0];
  }

  run(text: string, params: readonly unknown[] = []): Promise<number> {
    return answered(run(this.client, text, params, this.live), this.live);
  }

  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    return transaction(this.client, this.live, fn);
  }

  async ping(): Promise<boolean> {
    const outcome = await beforeDeadline(this.get<{ ok: number }>('SELECT 1 AS ok'), Date.now() + PING_TIMEOUT_MS);
    return outcome.done && outcome.value?.ok === 1;
  }

  async close(): Promise<void> {
    await this.client.end({ timeout: 5 });
  }
}

/** Applies the pending steps; returns their names (an adopted 001-initial included). */
async function migrate(client: postgres.Sql): Promise<string[]> {
  return client.begin<string[]>(async (tx) => {
    await tx.unsafe(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.unsafe('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at text NOT NULL)');
    const applied = new Set(
      (await tx.unsafe<{ name: string }[]>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    const { adopted, pending } = pendingSteps('postgres', applied);
    const record = (name: string) =>
      tx.unsafe('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)', [name, new Date().toISOString()]);
    if (adopted) await record(adopted);
    for (const { name, sql } of pending) {
      await tx.unsafe(sql);
      await record(name);
    }
    return [...(adopted ? [adopted] : []), ...pending.map((step) => step.name)];
  });
}

/** The URL without its password, for logs. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}
