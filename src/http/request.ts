// What a handler may read of a request, captured synchronously (uWS frees its request object after the first await).

export interface RequestHead {
  /** This request's id (the caller's X-Request-Id when sane, else generated); sent back and logged. */
  id: string;
  /** Lower case: get, post, patch, … */
  method: string;
  path: string;
  /** The raw query string, without `?` (parsed only by routes that read it). */
  query: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** Route parameters in pattern order (`{id}` segments), percent-decoded. */
  params: string[];
  remoteIp: string;
}

/** Decodes a path segment; malformed percent-encoding is kept as sent rather than thrown. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const SANE_ID = /^[\w.:-]{1,64}$/;
let sequence = 0;
const prefix = Math.random().toString(36).slice(2, 8);

/** The caller's X-Request-Id when it is a short token, else a process-unique one. */
export function requestId(given: string | undefined): string {
  return given !== undefined && SANE_ID.test(given) ? given : `${prefix}-${(++sequence).toString(36)}`;
}
