// The widget's files under /widget/v1/: its module and stylesheet, and MapLibre GL JS from npm, loadable from any
// merchant origin (CORS) and cached briefly, so a fix reaches every store within minutes without a new snippet.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { defineRoute, RawReply, type RouteDef } from '../http/route.ts';
import type { RequestHead } from '../http/request.ts';
import { resourcePath } from '../resources.ts';

export const WIDGET_BASE = '/widget/v1';
/** MapLibre's ES build: loaded only when the map step opens; its worker is fetched next to it. */
export const MAPLIBRE_FILES = ['maplibre-gl.mjs', 'maplibre-gl-worker.mjs', 'maplibre-gl.css'] as const;

/** Five minutes fresh, then revalidated in the background for a day: stores keep working while a release rolls out. */
const WIDGET_CACHE = 'public, max-age=300, stale-while-revalidate=86400';
/** The worker URL carries MapLibre's version (?v=), and a new MapLibre comes with a new server release. */
const LIBRARY_CACHE = 'public, max-age=86400';
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * The widget's own files: the build in dist/widget/ (one minified module and the stylesheet, `npm run build`) when
 * the server runs from its bundle; the source modules as they are under tsx, where a build could be stale.
 */
export function widgetSourceDir(bundled = Boolean((globalThis as { GEOPIN_BUNDLED?: boolean }).GEOPIN_BUNDLED)) {
  return resourcePath(bundled ? 'dist/widget' : 'src/widget/assets');
}

/**
 * A file held in memory, plain and gzipped, with headers any origin may load it with, and an ETag so a browser
 * revalidating after max-age gets a bodiless 304.
 */
function servedFile(path: string, cacheControl: string): (head: RequestHead) => RawReply {
  const body = readFileSync(path);
  const gzip = gzipSync(body, { level: 9 });
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  const headers = {
    'content-type': TYPES[extname(path)]!,
    'cache-control': cacheControl,
    etag,
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
    'x-content-type-options': 'nosniff',
    vary: 'accept-encoding',
  };
  return (head) => {
    const match = head.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
      return new RawReply('', headers, 304);
    return /\bgzip\b/.test(head.headers['accept-encoding'] ?? '')
      ? new RawReply(gzip, { ...headers, 'content-encoding': 'gzip' })
      : new RawReply(body, headers);
  };
}

function fileRoute(name: string, reply: (head: RequestHead) => RawReply): RouteDef {
  return defineRoute({
    method: 'get',
    path: `${WIDGET_BASE}/${name}`,
    auth: 'public',
    tag: 'widget',
    hidden: true,
    response: z.string(),
    summary: `Checkout widget file ${name}`,
    handle: ({ head }) => reply(head),
  });
}

/** One route per file, read once at startup; `dir` defaults to widgetSourceDir(). */
export function widgetAssetRoutes(dir = widgetSourceDir()): RouteDef[] {
  const own = readdirSync(dir).filter((name) => /\.(js|css)$/.test(name));
  if (!own.includes('geopin-checkout.js')) throw new Error(`${dir} holds no geopin-checkout.js; run "npm run build"`);
  const maplibre = resourcePath('node_modules/maplibre-gl/dist');
  return [
    ...own.map((name) => fileRoute(name, servedFile(join(dir, name), WIDGET_CACHE))),
    ...MAPLIBRE_FILES.map((name) => fileRoute(name, servedFile(join(maplibre, name), LIBRARY_CACHE))),
  ];
}
