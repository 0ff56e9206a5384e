// Pages, scripts and styles of the dashboards and /docs: read once at start-up, gzipped once, served under a strict CSP.
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { defineRoute, RawReply, type RouteDef } from '../../http/route.ts';
import type { RequestHead } from '../../http/request.ts';

/** Scripts and styles from this server only: no inline code, no eval, no other origin, no framing. */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': PAGE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Our own files are revalidated on every load; versioned vendor files may be kept for good. */
export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A file held in memory, plain and gzipped (only when that saves bytes). */
export class StaticFile {
  private readonly gzip: Buffer | null;
  private readonly headers: Record<string, string>;

  constructor(
    private readonly body: Buffer,
    type: string,
    cacheControl: string,
  ) {
    const packed = body.length > 1024 ? gzipSync(body) : null;
    this.gzip = packed && packed.length < body.length ? packed : null;
    this.headers = {
      ...SECURITY_HEADERS,
      'content-type': type,
      'cache-control': cacheControl,
      vary: 'accept-encoding',
    };
  }

  /** Reads `file` (its type from the extension). */
  static read(file: URL | string, cacheControl = NO_CACHE): StaticFile {
    const type = TYPES[extname(typeof file === 'string' ? file : file.pathname)];
    if (!type) throw new Error(`no content type for ${String(file)}`);
    return new StaticFile(readFileSync(file), type, cacheControl);
  }

  /** The reply for this request: gzipped when the browser accepts it. */
  reply(head: RequestHead): RawReply {
    if (this.gzip && /\bgzip\b/.test(head.headers['accept-encoding'] ?? '')) {
      return new RawReply(this.gzip, { ...this.headers, 'content-encoding': 'gzip' });
    }
    return new RawReply(this.body, this.headers);
  }
}

/** A hidden GET route answering with `file`. */
export function fileRoute(path: string, file: StaticFile, summary: string): RouteDef {
  return defineRoute({
    method: 'get',
    path,
    auth: 'public',
    tag: 'pages',
    hidden: true,
    response: z.string(),
    summary,
    handle: ({ head }) => file.reply(head),
  });
}

/** One route per file of `dir`, at `${prefix}/${name}`. */
export function folderRoutes(prefix: string, dir: string, names: string[], cacheControl = NO_CACHE): RouteDef[] {
  return names.map((name) =>
    fileRoute(`${prefix}/${name}`, StaticFile.read(join(dir, name), cacheControl), `Static file ${name}`),
  );
}
