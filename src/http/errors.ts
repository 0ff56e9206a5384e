// Error replies, mapped once: DomainError kinds to statuses, schema failures to 400 with issues, anything else to a logged 500.
import { extend } from '../kernel/extend.ts';
import { DomainError, type ErrorKind } from '../kernel/errors.ts';
import { silentLog, type Log } from '../kernel/log.ts';

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The one table from domain error kinds to HTTP statuses. */
export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  not_allowed: 405,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  upstream: 502,
};

/** Reason phrase for a status, used as the `error` field and the status line. */
export function reasonPhrase(status: number): string {
  return REASONS[status] ?? 'Error';
}

/** An error reply before serialisation: the wire shape is {success: false, error, message, code, ...details}. */
export interface ErrorReply {
  status: number;
  body: { success: false; error: string; message: string; code: string } & Record<string, unknown>;
  headers: Record<string, string>;
}

/** Maps any thrown value to its reply; unexpected errors are logged with the request and answered 500. */
export function errorReply(err: unknown, where: string, log: Log = silentLog): ErrorReply {
  if (err instanceof DomainError) {
    const status = STATUS_OF[err.kind];
    const headers =
      err.retryAfterSeconds === undefined
        ? err.headers
        : extend(err.headers, { 'retry-after': String(err.retryAfterSeconds) });
    return {
      status,
      body: { success: false, error: reasonPhrase(status), message: err.message, code: err.code, ...err.details },
      headers,
    };
  }
  if (isSchemaError(err)) {
    const issues = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    const first = issues[0];
    const message = first ? `${first.path || 'body'}: ${first.message}` : 'Invalid request';
    return {
      status: 400,
      body: { success: false, error: reasonPhrase(400), message, code: 'invalid_request', issues },
      headers: {},
    };
  }
  log.error({ err, where }, 'request failed');
  return {
    status: 500,
    body: { success: false, error: reasonPhrase(500), message: 'Internal server error', code: 'internal_error' },
    headers: {},
  };
}

/** A zod validation failure, known by its name and issues: HTTP worker threads answer without loading zod at all. */
function isSchemaError(err: unknown): err is Error & { issues: Array<{ path: PropertyKey[]; message: string }> } {
  return err instanceof Error && err.name === 'ZodError' && Array.isArray((err as { issues?: unknown }).issues);
}

/** Shorthand for the transport-level refusals (bad JSON, size limits, unknown routes). */
export function refusal(kind: ErrorKind, code: string, message: string): DomainError {
  return new DomainError(kind, code, message);
}
