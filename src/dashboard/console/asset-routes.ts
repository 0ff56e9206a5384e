// GET /console/*: the styles and browser modules both dashboards share (sign-in, API calls, charts, CSV).
import type { RouteDef } from '../../http/route.ts';
import { folderRoutes } from './static-files.ts';

export function consoleAssetRoutes(): RouteDef[] {
  return folderRoutes('/console', new URL('./assets/', import.meta.url), ['console.css', 'console.js', 'chart.js', 'csv.js']);
}
