// What a handler may read of a request, captured synchronously (uWS frees its request object after the first await).

export interface RequestHead {
  /** Lower case: get, post, patch, … */
  method: string;
  path: string;
  query: URLSearchParams;
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
