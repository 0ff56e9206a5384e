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
  /**
   * Reads these headers into `headers` too, when the transport captured only some: only while the request is admitted
   * (synchronously in an endpoint's `begin`), since uWS frees its request once its handler returns. Heads that hold every
   * header the client sent need not have it.
   */
  readMore?(names: readonly string[]): void;
}

/** A head's fields as plain data, to hand to another thread (the peer address only when it was captured). */
export type WireHead = Omit<RequestHead, 'remoteIp'> & { remoteIp: string | null };

export function toWire(head: RequestHead, withPeer: boolean): WireHead {
  const { id, receivedAt, method, path, query, headers, params } = head;
  return { id, receivedAt, method, path, query, headers, params, remoteIp: withPeer ? head.remoteIp : null };
}

/** A head rebuilt from its wire form; reading a peer address that was not captured is a programming error. */
export function fromWire(wire: WireHead): RequestHead {
  const { remoteIp, ...fields } = wire;
  return {
    ...fields,
    get remoteIp(): string {
      if (remoteIp === null) throw new Error(`${wire.path}: the peer address was not captured for this endpoint`);
      return remoteIp;
    },
  };
}

/** Decodes a path segment; malformed percent-encoding is kept as sent rather than thrown. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
