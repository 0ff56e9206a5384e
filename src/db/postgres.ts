// The shared store for many nodes: PostgreSQL through the `postgres` client behind the same async Sql port as SQLite.
import postgres from 'postgres';
import { beforeDeadline } from '../kernel/deadline.ts';
import { DomainError } from '../kernel/errors.ts';
import { pendingSteps } from './migrate.ts';
import type { Database, Row, Sql } from './sql.ts';

/** Seconds a connection may take to open: a database that accepts and never answers costs a request no more. */
const CONNECT_TIMEOUT_S = 5;
/** Milliseconds start-up waits for the database's first answer (a connection, plus its retries). */
const START_ANSWER_MS = 15_000;
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

type Client = postgres.Sql | postgres.TransactionSql;

class PostgresDatabase implements Database {
  readonly dialect = 'postgres' as const;

  constructor(
    private readonly client: postgres.Sql,
    readonly location: string,
    readonly migrated: readonly string[],
  ) {}

  all<T = Row>(text: string, params: readonly unknown[] = []): Promise<T[]> {
    return all(this.client, text, params);
  }

  async get<T = Row>(text: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return (await all<T>(this.client, text, params))[0];
  }

  run(text: string, params: readonly unknown[] = []): Promise<number> {
    return run(this.client, text, params);
  }

  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    const life: TransactionLife = { over: false };
    const done = this.client.begin((tx) => untilOver(life, fn(txView(tx, life)))) as Promise<T>;
    return done.catch((err: unknown) => {
      life.over = true;
      return rethrow(err);
    });
  }

  async ping(): Promise<boolean> {
    const outcome = await beforeDeadline(this.get<{ ok: number }>('SELECT 1 AS ok'), Date.now() + PING_TIMEOUT_MS);
    return outcome.done && outcome.value?.ok === 1;
  }

  async close(): Promise<void> {
    await this.client.end({ timeout: 5 });
  }
}

/**
 * Set once the transaction has settled for its caller. postgres.js settles it early when the connection drops while
 * the function still runs, and would send the function's later statements, and its COMMIT or ROLLBACK, on whatever
 * connection the pool opened in its place: outside any transaction, or into another request's.
 */
interface TransactionLife {
  over: boolean;
}

function txView(tx: postgres.TransactionSql, life: TransactionLife): Sql {
  const open = (): postgres.TransactionSql => {
    if (life.over) throw unavailable(new Error("the transaction's connection closed"));
    return tx;
  };
  const view: Sql = {
    dialect: 'postgres',
    all: async <T>(text: string, params: readonly unknown[] = []) => all<T>(open(), text, params),
    get: async <T>(text: string, params: readonly unknown[] = []) => (await all<T>(open(), text, params))[0],
    run: async (text: string, params: readonly unknown[] = []) => run(open(), text, params),
    transaction: async <T>(fn: (inner: Sql) => Promise<T>) =>
      open().savepoint((sp) => untilOver(life, fn(txView(sp, life)))) as Promise<T>,
  };
  return view;
}

/** The function's outcome, or, once its transaction is over, no outcome at all: postgres.js then sends nothing more. */
function untilOver<T>(life: TransactionLife, work: Promise<T>): Promise<T> {
  const never = new Promise<T>(() => undefined);
  return work.then(
    (value) => (life.over ? never : value),
    (err: unknown) => (life.over ? never : Promise.reject(err as Error)),
  );
}

const numbered = new Map<string, string>();

/** `?` placeholders as PostgreSQL's $1, $2, … (cached per statement text). */
function toPostgres(text: string): string {
  let converted = numbered.get(text);
  if (converted === undefined) {
    let n = 0;
    converted = text.replace(/\?/g, () => `$${++n}`);
    numbered.set(text, converted);
  }
  return converted;
}

async function all<T>(client: Client, text: string, params: readonly unknown[]): Promise<T[]> {
  refuseNul(params);
  const rows = await client
    .unsafe(toPostgres(text), params as postgres.ParameterOrJSON<never>[], { prepare: true })
    .catch(rethrow);
  return [...rows] as T[];
}

async function run(client: Client, text: string, params: readonly unknown[]): Promise<number> {
  refuseNul(params);
  const result = await client
    .unsafe(toPostgres(text), params as postgres.ParameterOrJSON<never>[], { prepare: true })
    .catch(rethrow);
  return result.count;
}

/** Codes of a database out of reach (socket, client, PostgreSQL shutting down or full), not of a statement. */
const UNREACHABLE = new Set([
  ...['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'],
  ...['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT'],
  ...['57P01', '57P02', '57P03', '53300'],
]);

/** A database out of reach is no fault of the request: 503 with Retry-After, as /readyz says meanwhile. */
function rethrow(err: unknown): never {
  const code = (err as { code?: unknown } | null)?.code;
  // SQLSTATE class 08 is "connection exception".
  if (typeof code === 'string' && (UNREACHABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code))) throw unavailable(err);
  throw err;
}

function unavailable(cause: unknown): DomainError {
  return new DomainError('unavailable', 'store_unavailable', 'The database is not answering; retry shortly', {
    retryAfterSeconds: 5,
    cause,
  });
}

/**
 * PostgreSQL's text cannot hold NUL: the statement would fail (a 500). Whatever field brought one, the request is
 * refused as a client's mistake instead; SQLite stores and compares such text as it is.
 */
function refuseNul(params: readonly unknown[]): void {
  for (const p of params)
    if (typeof p === 'string' && p.includes('\0'))
      throw new DomainError('invalid', 'invalid_request', 'A text value holds NUL (\\u0000), which is no text');
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
