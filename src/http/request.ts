// What a handler may read of a request, captured synchronously (uWS frees its request object after the first await).

export interface RequestHead {
  /** This request's id (the caller's X-Request-Id when sane, else generated); sent back and logged. */
  id: string;
  /** When the transport received the head: epoch milliseconds (the one wall-clock read of the request). */
  receivedAt: number;
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
  /** The location api key the request was admitted (or refused as revoked or over its limits) under, once known. */
  keyId?: number;
  /** The gate counted this request against its key's quota before its answer (a batch near the quota's end). */
  countedAhead?: boolean;
  /** True once the client went away (the transport sets it): work not yet begun for this request is skipped. */
  closed?: boolean;
  /**
   * Reads these headers into `headers` too, when the transport captured only some: only while the request is admitted
   * (synchronously in an endpoint's `begin`), since uWS frees its request once its handler returns. Heads that hold every
   * header the client sent need not have it.
   */
  readMore?(names: readonly string[]): void;
}

/** Decodes a path segment; malformed percent-encoding is kept as sent rather than thrown. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
