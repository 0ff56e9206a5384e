// The embedded store: better-sqlite3 in WAL mode behind the async Sql port, serialised by a mutex during transactions.
import BetterSqlite3, { type Statement } from 'better-sqlite3';
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrateSqlite } from './migrate.ts';
import { Mutex } from './mutex.ts';
import type { Database, Row, Sql } from './sql.ts';

/** Opens (creating if needed) the database at `path` (':memory:' allowed) and brings its schema up to date. */
export function openSqlite(path: string): Database {
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true });
    // Buyers' emails, phones and addresses: for the server's user only (SQLite gives -wal and -shm the same mode).
    if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  }
  const db = new BetterSqlite3(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // Table rebuilds in migrations need foreign keys off; they are checked once afterwards and stay on from then.
  db.pragma('foreign_keys = OFF');
  const migrated = migrateSqlite(db);
  const broken = db.pragma('foreign_key_check') as unknown[];
  if (broken.length > 0) throw new Error(`${path}: ${broken.length} rows violate foreign keys after migrating`);
  db.pragma('foreign_keys = ON');
  return new SqliteDatabase(db, path, migrated);
}

class SqliteDatabase implements Database {
  readonly dialect = 'sqlite' as const;
  private readonly statements = new Map<string, Prepared>();
  private readonly mutex = new Mutex();
  private savepoints = 0;

  constructor(
    private readonly db: BetterSqlite3.Database,
    readonly location: string,
    readonly migrated: readonly string[] = [],
  ) {}

  all<T = Row>(text: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.outside(() => this.prepare(text).all<T>(params));
  }

  get<T = Row>(text: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return this.outside(() => this.prepare(text).get<T>(params));
  }

  run(text: string, params: readonly unknown[] = []): Promise<number> {
    return this.outside(() => this.prepare(text).run(params));
  }

  async transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    await this.mutex.acquire();
    try {
      return await this.inTransaction(fn);
    } finally {
      this.mutex.release();
    }
  }

  async ping(): Promise<boolean> {
    return (await this.get<{ ok: number }>('SELECT 1 AS ok'))?.ok === 1;
  }

  /** Waits for the running transaction; later calls fail (better-sqlite3: the connection is not open) rather than wait. */
  async close(): Promise<void> {
    await this.mutex.acquire();
    try {
      this.db.close();
    } finally {
      this.mutex.release();
    }
  }

  /** A statement outside any transaction: immediately when the lock is free, else after the running transaction. */
  private outside<T>(work: () => T): Promise<T> {
    if (this.mutex.free) return settle(work);
    return this.mutex.acquire().then(() => {
      try {
        return work();
      } finally {
        this.mutex.release();
      }
    });
  }

  private async inTransaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = await fn(this.txView());
      this.db.exec('COMMIT');
      return result;
    } catch (err) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw err;
    }
  }

  /** The Sql seen inside a transaction: statements run directly (the lock is held), nested transactions are savepoints. */
  private txView(): Sql {
    const tx: Sql = {
      dialect: 'sqlite',
      all: <T>(text: string, params: readonly unknown[] = []) => settle(() => this.prepare(text).all<T>(params)),
      get: <T>(text: string, params: readonly unknown[] = []) => settle(() => this.prepare(text).get<T>(params)),
      run: (text: string, params: readonly unknown[] = []) => settle(() => this.prepare(text).run(params)),
      transaction: async <T>(fn: (inner: Sql) => Promise<T>) => {
        const name = `sp${++this.savepoints}`;
        this.db.exec(`SAVEPOINT ${name}`);
        try {
          const result = await fn(tx);
          this.db.exec(`RELEASE ${name}`);
          return result;
        } catch (err) {
          this.db.exec(`ROLLBACK TO ${name}`);
          this.db.exec(`RELEASE ${name}`);
          throw err;
        }
      },
    };
    return tx;
  }

  private prepare(text: string): Prepared {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = new Prepared(this.db.prepare(text));
      this.statements.set(text, statement);
    }
    return statement;
  }
}

/**
 * A prepared statement whose rows are read as arrays and made objects here: better-sqlite3 builds each row object
 * through V8's C++ API, several times slower per column (ten 12-column offers: 30 µs read as objects, 24 this way).
 */
class Prepared {
  private readonly object: (row: unknown[]) => Record<string, unknown>;

  constructor(private readonly statement: Statement) {
    const reader = statement.reader && statement.raw(true);
    this.object = rowBuilder(reader ? reader.columns().map((c) => c.name) : []);
  }

  all<T>(params: readonly unknown[]): T[] {
    const rows = this.statement.all(...params) as unknown[][];
    const objects = new Array<T>(rows.length);
    for (let i = 0; i < rows.length; i++) objects[i] = this.object(rows[i]!) as T;
    return objects;
  }

  get<T>(params: readonly unknown[]): T | undefined {
    const row = this.statement.get(...params) as unknown[] | undefined;
    return row === undefined ? undefined : (this.object(row) as T);
  }

  run(params: readonly unknown[]): number {
    return this.statement.run(...params).changes;
  }
}

/**
 * Makes a row object of the columns `names` from an array, as one object literal compiled per statement: setting
 * the properties in a loop cost 0.9 µs a 28-column row (50 sessions: 45 µs), the literal about 20 ns. Names are
 * quoted by JSON.stringify; a repeated name keeps the last, as better-sqlite3's own objects do.
 */
function rowBuilder(names: readonly string[]): (row: unknown[]) => Record<string, unknown> {
  // A quoted "__proto__" in a literal would set the prototype; a computed key makes it a column like any other.
  const key = (name: string) => (name === '__proto__' ? '["__proto__"]' : JSON.stringify(name));
  const fields = names.map((name, i) => `${key(name)}: row[${i}]`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the text is column names quoted as JSON strings
  return new Function('row', `return { ${fields.join(', ')} };`) as (row: unknown[]) => Record<string, unknown>;
}

/** Runs synchronous work and hands back its value (or error) as a promise. */
function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}
