// One statement on PostgreSQL through the `postgres` client: `?` placeholders numbered, NUL refused, a database out of
// reach or not answering told apart from a statement's own failure.
import type postgres from 'postgres';
import { DomainError } from '../kernel/errors.ts';

export type Client = postgres.Sql | postgres.TransactionSql;

/**
 * Milliseconds the database may answer nothing at all (no statement on any connection) before a statement or a
 * transaction waiting on it is given up as store_unavailable: a database that stops answering (a failover, a stalled
 * host) holds no request longer. A busy one that answers others, while a request waits for a free connection, is not
 * silent: that request waits on.
 */
export const ANSWER_DEADLINE_MS = 5000;

/** When the database last answered a statement, on any of a pool's connections. */
export class Liveness {
  private last = Date.now();

  heard(): void {
    this.last = Date.now();
  }

  /** Milliseconds until the database will have been silent ANSWER_DEADLINE_MS (0 or less: it has). */
  untilSilent(): number {
    return this.last + ANSWER_DEADLINE_MS - Date.now();
  }
}

/** Calls `giveUp` once the database has answered nothing for ANSWER_DEADLINE_MS; returns what stops the watch. */
export function watchSilence(live: Liveness, giveUp: () => void): () => void {
  let timer: NodeJS.Timeout;
  const check = () => {
    const left = live.untilSilent();
    if (left <= 0) giveUp();
    else timer = setTimeout(check, left);
  };
  timer = setTimeout(check, ANSWER_DEADLINE_MS);
  return () => clearTimeout(timer);
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

/** Sends a statement; its answer, a result or the statement's own error, tells `live` the database answers. */
async function send(client: Client, text: string, params: readonly unknown[], live: Liveness) {
  refuseNul(params);
  try {
    const result = await client.unsafe(toPostgres(text), params as postgres.ParameterOrJSON<never>[], {
      prepare: true,
    });
    live.heard();
    return result;
  } catch (err) {
    if (!isUnreachable(err)) live.heard();
    return rethrow(err);
  }
}

export async function all<T>(client: Client, text: string, params: readonly unknown[], live: Liveness): Promise<T[]> {
  return [...(await send(client, text, params, live))] as T[];
}

export async function run(client: Client, text: string, params: readonly unknown[], live: Liveness): Promise<number> {
  return (await send(client, text, params, live)).count;
}

/**
 * `work` (a statement outside a transaction), or store_unavailable once the database has answered nothing for
 * ANSWER_DEADLINE_MS. The statement itself runs on when it answers again: what a write did is then unknown, as the
 * 503 says.
 */
export function answered<T>(work: Promise<T>, live: Liveness): Promise<T> {
  let stop = () => undefined as void;
  const silent = new Promise<never>((_, reject) => {
    stop = watchSilence(live, () => reject(unavailable(notAnswering())));
  });
  return Promise.race([work, silent]).finally(() => stop());
}

export const notAnswering = () => new Error(`no answer from the database for ${ANSWER_DEADLINE_MS / 1000} s`);

/** Codes of a database out of reach (socket, client, PostgreSQL shutting down or full), not of a statement. */
const UNREACHABLE = new Set([
  ...['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'],
  ...['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT'],
  ...['57P01', '57P02', '57P03', '53300'],
]);

/** True for an error of a database out of reach, not of a statement. */
function isUnreachable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  // SQLSTATE class 08 is "connection exception".
  return typeof code === 'string' && (UNREACHABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code));
}

/** A database out of reach is no fault of the request: 503 with Retry-After, as /readyz says meanwhile. */
export function rethrow(err: unknown): never {
  throw isUnreachable(err) ? unavailable(err) : err;
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
