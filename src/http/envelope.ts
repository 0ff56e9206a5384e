// The one place replies are shaped: a handler's result in its route's envelope, and refusals in the error body.
import { extend } from '../kernel/extend.ts';
import type { ErrorReply } from './errors.ts';
import { RawReply, type RouteDef } from './route.ts';

/** A serialised reply, ready for any transport. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** The headers of a JSON reply that carries no others: transports may recognise it by identity (one pre-encoded header). */
export const JSON_ONLY: Readonly<Record<string, string>> = Object.freeze({ ...JSON_TYPE });

/** No extra headers: a reply with only these gets JSON_ONLY. */
export const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** `data` as its route answers it: in the route's envelope as JSON, or a RawReply as it is. */
export function wrap(route: RouteDef, data: unknown, headers: Readonly<Record<string, string>>): Reply {
  if (data instanceof RawReply) return { status: data.status, headers: extend(headers, data.headers), body: data.body };
  const envelope = route.envelope ?? 'data';
  const payload =
    envelope === 'fields'
      ? { success: true, ...(data as object) }
      : envelope === 'official'
        ? { success: true, data, ...(data as object) }
        : { success: true, data };
  return {
    status: 200,
    headers: headers === NO_HEADERS ? JSON_ONLY : extend(JSON_TYPE, headers),
    body: JSON.stringify(payload),
  };
}

/** A refusal as JSON; official-compatible routes answer like India Post's service, whose clients read `error`. */
export function serialiseError(reply: ErrorReply, headers: Readonly<Record<string, string>>, official = false): Reply {
  const body = official ? extend(reply.body, { error: reply.body.message }) : reply.body;
  const all = extend(JSON_TYPE, extend(headers, reply.headers));
  return { status: reply.status, headers: all, body: JSON.stringify(body) };
}

/** Headers that let the page at `origin` read a reply (Retry-After included); none for a request without Origin. */
export function reflectOrigin(origin: string | undefined): Record<string, string> {
  return origin
    ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'retry-after', vary: 'Origin' }
    : NO_HEADERS;
}
