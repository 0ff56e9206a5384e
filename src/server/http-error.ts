// The one client-facing error type: every 4xx is an HttpError rendered as {error, message, code}.

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  410: 'Gone',
  431: 'Request Header Fields Too Large',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** Reason phrase for a status, used as the `error` field and the status line. */
export function reasonPhrase(status: number): string {
  return REASONS[status] ?? 'Error';
}

/** An error a client caused or must see; `code` is stable and machine-readable (snake_case). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** The wire shape: {error, message, code, ...details}. */
  toBody(): Record<string, unknown> {
    return { error: reasonPhrase(this.status), message: this.message, code: this.code, ...this.details };
  }
}
