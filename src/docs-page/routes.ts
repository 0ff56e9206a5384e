// GET /docs: Swagger UI from the swagger-ui-dist npm package (no CDN), rendering this server's /openapi.json.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RouteDef } from '../http/route.ts';
import { fileRoute, IMMUTABLE, NO_CACHE, StaticFile } from '../dashboard/console/static-files.ts';

const ASSETS = new URL('./assets/', import.meta.url);

/** The package's directory and version; the version is in the asset URLs, so browsers may keep them for good. */
function swaggerUiDist(): { dir: string; version: string } {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('swagger-ui-dist/package.json');
  return { dir: dirname(manifest), version: (require(manifest) as { version: string }).version };
}

export function docsPageRoutes(): RouteDef[] {
  const { dir, version } = swaggerUiDist();
  const vendor = `/docs/assets/${version}`;
  // The page names the vendor files by version; it is swapped in once, so a package update needs no edit here.
  const html = readFileSync(new URL('docs.html', ASSETS), 'utf8').replaceAll('__VENDOR__', vendor);
  const page = new StaticFile(Buffer.from(html), 'text/html; charset=utf-8', NO_CACHE);
  return [
    fileRoute('/docs', page, 'API reference (Swagger UI)'),
    fileRoute('/docs/docs.js', StaticFile.read(new URL('docs.js', ASSETS)), 'Swagger UI start-up script'),
    fileRoute('/docs/docs.css', StaticFile.read(new URL('docs.css', ASSETS)), 'API reference page styles'),
    fileRoute(`${vendor}/swagger-ui-bundle.js`, StaticFile.read(join(dir, 'swagger-ui-bundle.js'), IMMUTABLE), 'Swagger UI'),
    fileRoute(`${vendor}/swagger-ui.css`, StaticFile.read(join(dir, 'swagger-ui.css'), IMMUTABLE), 'Swagger UI styles'),
  ];
}
