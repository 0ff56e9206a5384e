// GET /console/*: the styles and browser modules both dashboards share (sign-in, API calls, charts, CSV).
import type { RouteDef } from '../../http/route.ts';
import { resourcePath } from '../../resources.ts';
import { folderRoutes } from './static-files.ts';

export function consoleAssetRoutes(): RouteDef[] {
  return folderRoutes('/console', resourcePath('src/dashboard/console/assets'), [
    'console.css',
    'console.js',
    'chart.js',
    'csv.js',
    'format.js',
    'field-errors.js',
    'origins.js',
    'account-watch.js',
    'drafts.js',
    'sign-in-form.js',
    'parts.css',
  ]);
}
