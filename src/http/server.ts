// uWS transport: registers endpoints (each request an Exchange), answers 404/405/preflights as JSON, and drains.
// Node's globals performance and Buffer are accessors on globalThis: the hot path imports them instead.
import { performance } from 'node:perf_hooks';
import uWS, { type HttpRequest, type HttpResponse, type TemplatedApp } from 'uWebSockets.js';
import { BodyBudget } from './body-budget.ts';
import { preflight } from './cors.ts';
import { serialiseError, type Reply } from './envelope.ts';
import { errorReply, refusal } from './errors.ts';
import { Exchange, answer, type Observer, type Transport } from './exchange.ts';
import { capture, headerNames, shapeOf, TRANSPORT_HEADERS, WHOLE_HEAD, type CapturedHead } from './head-capture.ts';
import type { Framing } from './head-capture.ts';
import type { Endpoint } from './pipeline.ts';

export type { Observer } from './exchange.ts';

export interface TransportOptions {
  /** Body bytes buffered across all requests at once; beyond it requests get 503 server_busy. */
  bodyBudgetBytes: number;
  /** Proxies in front (TRUST_PROXY_HOPS): the peer of the per-peer budget is then read from X-Forwarded-For. */
  trustProxyHops?: number;
  observe?: Observer;
}

/** An app built over endpoints, with what its requests share: in-flight count and the drain switch. */
export interface HttpApp {
  app: TemplatedApp;
  transport: Transport;
}

const BODYLESS = new Set(['get', 'head', 'options', 'delete']);
/** A method is a token (RFC 9110 section 9.1); uWS passes anything up to the space. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const INVALID_METHOD = refusal('invalid', 'invalid_method', 'The request method is not a valid token');

/** Creates the uWS app serving `endpoints`; no listen here. */
export function createHttpApp(endpoints: Endpoint[], options: TransportOptions): HttpApp {
  const app = uWS.App();
  // Each peer may hold an eighth of the budget, but always enough for the largest body a route accepts.
  const largest = Math.max(0, ...endpoints.map((e) => e.maxBodyBytes));
  const transport: Transport = {
    budget: new BodyBudget(options.bodyBudgetBytes, Math.max(largest, Math.floor(options.bodyBudgetBytes / 8))),
    hops: options.trustProxyHops ?? 0,
    observe: options.observe ?? (() => undefined),
    inFlight: 0,
    draining: false,
  };
  // Answered inside uWS's route handler, where the socket is corked already.
  const unmatched = (res: HttpResponse, head: CapturedHead, reply: Reply, started: number) => {
    answer(res, head, reply, transport.draining, true);
    transport.observe('unmatched', head.method, reply.status, (performance.now() - started) / 1000, head);
  };
  /** The whole head, or null once a request of unknowable framing was refused. */
  const whole = (res: HttpResponse, req: HttpRequest): CapturedHead | null => {
    const head = capture(res, req, WHOLE_HEAD, true);
    if (typeof head !== 'string') return head;
    refuseFraming(res, transport, head);
    return null;
  };
  const byPath = new Map<string, Endpoint[]>();
  for (const endpoint of endpoints) {
    byPath.set(endpoint.path, [...(byPath.get(endpoint.path) ?? []), endpoint]);
    app[endpoint.method === 'delete' ? 'del' : endpoint.method](
      uwsPattern(endpoint.path),
      handlerFor(endpoint, transport, endpoint.method),
    );
    // HEAD is GET without the body (RFC 9110 section 9.3.2): the same endpoint, written without its body.
    if (endpoint.method === 'get') app.head(uwsPattern(endpoint.path), handlerFor(endpoint, transport, 'head'));
  }
  for (const [path, group] of byPath) {
    const methods = group.flatMap((e) => (e.method === 'get' ? ['GET', 'HEAD'] : [e.method.toUpperCase()]));
    const pattern = uwsPattern(path);
    app.options(pattern, (res, req) => {
      const head = whole(res, req);
      if (head !== null) unmatched(res, head, preflight(head, methods), performance.now());
    });
    // Method-specific handlers win over `any` in uWS's router, so this only sees the other methods.
    app.any(pattern, (res, req) => {
      const started = performance.now();
      // Methods are case-sensitive (RFC 9110 section 9.1): named as sent (read first: getMethod lowercases in place).
      const method = req.getCaseSensitiveMethod();
      const head = whole(res, req);
      if (head === null) return;
      const err = TOKEN.test(method)
        ? refusal('not_allowed', 'method_not_allowed', `${method} is not allowed on ${path}; use ${methods.join(', ')}`)
        : INVALID_METHOD;
      const headers: Record<string, string> = err === INVALID_METHOD ? {} : { allow: methods.join(', ') };
      unmatched(res, head, serialiseError(errorReply(err, path), headers), started);
    });
  }
  app.any('/*', (res, req) => {
    const started = performance.now();
    const method = req.getCaseSensitiveMethod();
    const head = whole(res, req);
    if (head === null) return;
    const err = TOKEN.test(method)
      ? refusal('not_found', 'not_found', `No route for ${method} ${head.path}`)
      : INVALID_METHOD;
    unmatched(res, head, serialiseError(errorReply(err, head.path), {}), started);
  });
  return { app, transport };
}

function handlerFor(endpoint: Endpoint, transport: Transport, method: string) {
  // Behind proxies, the per-peer body budget reads the client's address from x-forwarded-for.
  const headers = transport.hops > 0 ? [...TRANSPORT_HEADERS, 'x-forwarded-for'] : TRANSPORT_HEADERS;
  const names = endpoint.capture.headers && headerNames([...headers, ...endpoint.capture.headers]);
  const shape = { ...shapeOf(endpoint, names), method };
  const bodyless = BODYLESS.has(endpoint.method);
  return (res: HttpResponse, req: HttpRequest) => {
    const head = capture(res, req, shape, !bodyless);
    if (typeof head === 'string') return refuseFraming(res, transport, head);
    // An endpoint that declared its headers may read others while it admits the request (the gate: a public key's origin).
    if (names !== null) head.request = req;
    new Exchange(res, head, endpoint, transport, bodyless).start();
    head.request = null;
  };
}

const FRAMING_MESSAGES: Record<Framing, string> = {
  conflicting_content_length: 'Content-Length is sent more than once with different values',
  invalid_content_length: 'Content-Length is empty',
  invalid_transfer_encoding: 'Transfer-Encoding must be chunked alone, without Content-Length',
};
const FRAMING = Object.fromEntries(
  Object.entries(FRAMING_MESSAGES).map(([code, message]) => [
    code,
    JSON.stringify({ success: false, error: 'Bad Request', message, code }),
  ]),
) as Record<Framing, string>;

/**
 * 400 and close for a request whose body length is unknowable. Answered on the next turn, never at once: uWS would go
 * on to parse what follows the body as the next request, and that request (hidden behind the framing) must not be
 * answered; a request parsed while this one is open makes uWS close the connection instead.
 */
function refuseFraming(res: HttpResponse, transport: Transport, framing: Framing): void {
  let gone = false;
  res.onAborted(() => {
    gone = true;
  });
  setImmediate(() => {
    if (gone) return;
    res.cork(() =>
      res
        .writeStatus('400 Bad Request')
        .writeHeader('content-type', 'application/json; charset=utf-8')
        .end(FRAMING[framing], true),
    );
    transport.observe('unmatched', 'post', 400, 0, null);
  });
}

/** `/v1/x/{id}` -> `/v1/x/:id` (the uWS pattern). */
export function uwsPattern(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
