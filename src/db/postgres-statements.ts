// One statement on PostgreSQL through the `postgres` client: `?` placeholders numbered, NUL refused, a database out of
// reach or not answering told apart from a statement's own failure.
import type postgres from 'postgres';
import { DomainError } from '../kernel/errors.ts';

export type Client = postgres.Sql | postgres.TransactionSql;

/**
 * Milliseconds a statement (or, in a transaction, the wait for any of its statements) may go unanswered before it is
 * given up as store_unavailable: a database that stops answering (a failover, a stalled host) holds no request longer.
 */
export const ANSWER_DEADLINE_MS = 5000;

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

function send(client: Client, text: string, params: readonly unknown[]) {
  refuseNul(params);
  return client.unsafe(toPostgres(text), params as postgres.ParameterOrJSON<never>[], { prepare: true });
}

export async function all<T>(client: Client, text: string, params: readonly unknown[]): Promise<T[]> {
  const rows = await send(client, text, params).catch(rethrow);
  return [...rows] as T[];
}

export async function run(client: Client, text: string, params: readonly unknown[]): Promise<number> {
  return (await send(client, text, params).catch(rethrow)).count;
}

/**
 * `work` (a statement outside a transaction), or store_unavailable once it has gone unanswered ANSWER_DEADLINE_MS. The
 * statement itself runs on when the database answers again: what a write did is then unknown, as the 503 says.
 */
export function answered<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unavailable(notAnswering())), ANSWER_DEADLINE_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export const notAnswering = () => new Error(`no answer within ${ANSWER_DEADLINE_MS / 1000} s`);

/** Codes of a database out of reach (socket, client, PostgreSQL shutting down or full), not of a statement. */
const UNREACHABLE = new Set([
  ...['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'],
  ...['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT'],
  ...['57P01', '57P02', '57P03', '53300'],
]);

/** A database out of reach is no fault of the request: 503 with Retry-After, as /readyz says meanwhile. */
export function rethrow(err: unknown): never {
  const code = (err as { code?: unknown } | null)?.code;
  // SQLSTATE class 08 is "connection exception".
  if (typeof code === 'string' && (UNREACHABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code))) throw unavailable(err);
  throw err;
}

export function unavailable(cause: unknown): DomainError {
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
