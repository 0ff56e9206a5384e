// JSON over HTTP to a test server with every reply checked against its route's schema, the dashboards' own routes included.
import { clientFor, type Call } from '../../support/client.ts';
import type { TestServer } from '../../support/server.ts';

/** clientFor, except that routes left out of /openapi.json (the dashboards' API) are checked too; not the documents. */
export function dashboardClient(server: TestServer): Call {
  const checked = (path: string) => !path.startsWith('/openapi');
  const endpoints = server.app.endpoints.map((e) => ({
    ...e,
    routes: e.routes.map((r) => ({ ...r, hidden: r.hidden === true && !checked(e.path) })),
  }));
  return clientFor({ ...server, app: { ...server.app, endpoints } });
}
