// The storage port every repository is written against: async statements and transactions over SQLite or PostgreSQL.

export type Dialect = 'sqlite' | 'postgres';

/** A row as the driver returns it: column name -> value (integers as numbers, text as strings, NULL as null). */
export type Row = Record<string, unknown>;

/**
 * SQL text uses `?` placeholders (the PostgreSQL executor numbers them), ISO 8601 text for timestamps, integers 0/1 for
 * booleans and text for JSON, so one repository serves both stores.
 */
export interface Sql {
  readonly dialect: Dialect;
  all<T = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  get<T = Row>(text: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs a statement; resolves with the number of rows it changed. */
  run(text: string, params?: readonly unknown[]): Promise<number>;
  /** Runs `fn` in a transaction (a savepoint when already inside one); commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
}

/** An open store: the Sql port plus its lifecycle. */
export interface Database extends Sql {
  /** Where it lives, for logs (a file path or a redacted URL). */
  readonly location: string;
  /** The schema steps this start applied (none when the store was up to date), for the start-up log. */
  readonly migrated: readonly string[];
  /** True when the store answers a trivial query (readiness probe). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Encodes a boolean for a 0/1 integer column. */
export function bit(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

/** Null-safe equality for `column <op> ?` (SQLite `IS`, PostgreSQL `IS NOT DISTINCT FROM`). */
export function sameAs(sql: Pick<Sql, 'dialect'>): string {
  return sql.dialect === 'postgres' ? 'IS NOT DISTINCT FROM' : 'IS';
}

/** True for a unique, foreign-key or check constraint failure from either driver (SQLite SQLITE_CONSTRAINT_*, PostgreSQL 23xxx). */
export function isConstraintError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || /^23\d{3}$/.test(code));
}
