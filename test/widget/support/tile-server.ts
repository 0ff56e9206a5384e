// A map tile server as MAP_STYLE_URL names one: a MapLibre style with an OSM-like raster source whose tiles are one
// grey pixel; it can be switched to failing (503) to play an unreachable tile provider.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A 1×1 grey PNG. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGM4AwAAzgDN1GaQsAAAAABJRU5ErkJggg==',
  'base64',
);

export interface TileServer {
  origin: string;
  styleUrl: string;
  /** Tile and style requests answered so far. */
  requests: string[];
  setAvailable(up: boolean): void;
  close(): Promise<void>;
}

export async function startTileServer(): Promise<TileServer> {
  let up = true;
  const requests: string[] = [];
  let origin = '';
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const cors = { 'access-control-allow-origin': '*' };
    if (!up) return void res.writeHead(503, cors).end();
    requests.push(path);
    if (path === '/style.json') {
      const style = {
        version: 8,
        sources: {
          osm: {
            type: 'raster',
            tiles: [`${origin}/tiles/{z}/{x}/{y}.png`],
            tileSize: 256,
            attribution: '© Test tiles',
          },
        },
        layers: [{ id: 'osm', type: 'raster', source: 'osm' }],
      };
      return void res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(style));
    }
    if (path.startsWith('/tiles/')) return void res.writeHead(200, { ...cors, 'content-type': 'image/png' }).end(TILE);
    res.writeHead(404, cors).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    styleUrl: `${origin}/style.json`,
    requests,
    setAvailable: (value) => void (up = value),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
