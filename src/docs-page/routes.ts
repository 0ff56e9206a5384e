// GET /docs: Swagger UI from the swagger-ui-dist npm package (no CDN), rendering this server's /openapi.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resourcePath } from '../resources.ts';
import type { RouteDef } from '../http/route.ts';
import { fileRoute, IMMUTABLE, NO_CACHE, StaticFile } from '../dashboard/console/static-files.ts';

// Read through the resource root, so the bundle and the single executable find them too.
const ASSETS = resourcePath('src/docs-page/assets');

/** The package's directory and version; the version is in the asset URLs, so browsers may keep them for good. */
function swaggerUiDist(): { dir: string; version: string } {
  const dir = resourcePath('node_modules/swagger-ui-dist');
  return { dir, version: (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version };
}

export function docsPageRoutes(): RouteDef[] {
  const { dir, version } = swaggerUiDist();
  const vendor = `/docs/assets/${version}`;
  // The page names the vendor files by version; it is swapped in once, so a package update needs no edit here.
  const html = readFileSync(join(ASSETS, 'docs.html'), 'utf8').replaceAll('__VENDOR__', vendor);
  const page = new StaticFile(Buffer.from(html), 'text/html; charset=utf-8', NO_CACHE);
  return [
    fileRoute('/docs', page, 'API reference (Swagger UI)'),
    fileRoute('/docs/docs.js', StaticFile.read(join(ASSETS, 'docs.js')), 'Swagger UI start-up script'),
    fileRoute('/docs/docs.css', StaticFile.read(join(ASSETS, 'docs.css')), 'API reference page styles'),
    fileRoute(
      `${vendor}/swagger-ui-bundle.js`,
      StaticFile.read(join(dir, 'swagger-ui-bundle.js'), IMMUTABLE),
      'Swagger UI',
    ),
    fileRoute(`${vendor}/swagger-ui.css`, StaticFile.read(join(dir, 'swagger-ui.css'), IMMUTABLE), 'Swagger UI styles'),
  ];
}
