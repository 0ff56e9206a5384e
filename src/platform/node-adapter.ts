// Serves the same framework-agnostic route handlers on node:http, so benchmarks compare servers, not handler code.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { errorReply, jsonReader, safeDecode, type Handler, type Reply, type RequestContext } from '../server/http.ts';
import { HttpError, reasonPhrase } from '../server/http-error.ts';
import type { Gate } from './gate.ts';
import { compileRoute, SMALL_BODY_BYTES, type RouteDef } from './route-table.ts';

interface NodeRoute {
  method: string;
  pattern: RegExp;
  handler: Handler;
  maxBodyBytes: number;
}

/** An http.Server answering the route table exactly as the uWS app does (JSON 404 for anything else). */
export function createNodeServer(defs: RouteDef[], gate: Gate): Server {
  const routes: NodeRoute[] = defs.map((def) => ({
    method: def.method.toUpperCase(),
    pattern: new RegExp(`^${def.path.replace(/\{\w+\}/g, '([^/]+)')}$`),
    handler: compileRoute(def, gate),
    maxBodyBytes: def.maxBodyBytes ?? SMALL_BODY_BYTES,
  }));
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let params: string[] = [];
    const found = routes.find((r) => {
      const m = r.method === req.method ? r.pattern.exec(url.pathname) : null;
      if (m) params = m.slice(1).map(safeDecode);
      return m !== null;
    });
    readBody(req, found?.maxBodyBytes ?? SMALL_BODY_BYTES)
      .then((rawBody) => {
        const ctx = context(req, url, params, rawBody);
        if (!found) throw new HttpError(404, 'not_found', `No route for ${req.method} ${url.pathname}`);
        return found.handler(ctx);
      })
      .then(
        (reply) => send(res, reply),
        (err: unknown) => send(res, errorReply(err, { method: req.method ?? '?', path: url.pathname })),
      );
  });
}

function context(req: IncomingMessage, url: URL, params: string[], rawBody: Buffer): RequestContext {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[key] = value;
  return {
    method: (req.method ?? 'GET').toLowerCase(),
    path: url.pathname,
    query: url.searchParams,
    headers,
    params,
    remoteIp: req.socket.remoteAddress ?? '',
    rawBody,
    json: jsonReader(rawBody),
  };
}

function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(new HttpError(413, 'payload_too_large', `Request body exceeds ${maxBytes} bytes`));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks, size)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, reply: Reply): void {
  const status = reply.status ?? 200;
  const isRaw = typeof reply.body === 'string' || Buffer.isBuffer(reply.body);
  const payload = isRaw ? (reply.body as string | Buffer) : JSON.stringify(reply.body);
  const headers: Record<string, string> = { ...(isRaw ? {} : { 'content-type': 'application/json; charset=utf-8' }), ...reply.headers };
  res.writeHead(status, reasonPhrase(status), headers);
  res.end(payload);
}
