// The baseline: what a developer would write instead, node:http + which-polygon over the same polygons and gazetteer rows.
// Run by the harness as a bundled child (env: HOST, PORT, API_KEY, BOUNDARIES_NDJSON, GAZETTEER_PATH); not part of the app.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import Database from 'better-sqlite3';
import whichPolygon from 'which-polygon';

interface Place {
  state: string;
  district: string;
  division: string;
  locality: string;
  pincode: string;
  delivery: 'Delivery' | 'Non Delivery';
}

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

/** The source GeoJSON features, one per line, tagged with their pincode. */
async function readFeatures(path: string): Promise<GeoJSON.Feature[]> {
  const features: GeoJSON.Feature[] = [];
  const lines = createInterface({ input: createReadStream(path).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const f = JSON.parse(line) as GeoJSON.Feature<GeoJSON.Geometry, { pincode: string }>;
    features.push({ type: 'Feature', properties: { pincode: f.properties.pincode }, geometry: f.geometry });
  }
  return features;
}

/** pincode -> the six document strings, from the gazetteer's boundaries table (one row per polygon). */
function readPlaces(path: string): Map<string, Place> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  const rows = db
    .prepare('SELECT pincode, state, district, division, locality, delivery FROM boundaries')
    .all() as Array<Record<string, string | number | null>>;
  db.close();
  return new Map(
    rows.map((r) => [
      r.pincode as string,
      {
        state: (r.state as string) ?? '',
        district: (r.district as string) ?? '',
        division: (r.division as string) ?? '',
        locality: (r.locality as string) ?? '',
        pincode: r.pincode as string,
        delivery: r.delivery ? 'Delivery' : 'Non Delivery',
      },
    ]),
  );
}

const features = await readFeatures(env('BOUNDARIES_NDJSON'));
const places = readPlaces(env('GAZETTEER_PATH'));
const missing = features.filter((f) => !places.has(f.properties!.pincode as string)).length;
if (missing > 0) throw new Error(`${missing} polygons have no gazetteer row`);
const query = whichPolygon({ type: 'FeatureCollection', features });
const apiKey = env('API_KEY');

function lookup(p: unknown): Place | null | 'invalid' {
  const { latitude, longitude } = (p ?? {}) as { latitude?: unknown; longitude?: unknown };
  if (
    typeof latitude !== 'number' ||
    typeof longitude !== 'number' ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  )
    return 'invalid';
  const hit = query([longitude, latitude]) as { pincode: string } | null;
  return hit ? places.get(hit.pincode)! : null;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

function handle(req: IncomingMessage, res: ServerResponse, body: unknown): void {
  if (req.headers['x-api-key'] !== apiKey) return send(res, 401, { success: false, error: 'unauthorized' });
  if (req.url === '/v1/location/lookup') {
    const place = lookup(body);
    if (place === 'invalid') return send(res, 400, { success: false, error: 'invalid_request' });
    if (!place) return send(res, 404, { success: false, error: 'location_not_found' });
    return send(res, 200, { success: true, data: place });
  }
  if (req.url === '/v1/location/batch-lookup') {
    const locations = (body as { locations?: unknown } | null)?.locations;
    if (!Array.isArray(locations) || locations.length < 1 || locations.length > 100)
      return send(res, 400, { success: false, error: 'invalid_request' });
    let found = 0;
    const results = locations.map((p, index) => {
      const place = lookup(p);
      if (place === 'invalid') return { index, found: false, error: 'invalid_item' };
      if (!place) return { index, found: false };
      found++;
      return { index, found: true, ...place };
    });
    return send(res, 200, { success: true, data: { results, found, not_found: locations.length - found } });
  }
  send(res, 404, { success: false, error: 'not_found' });
}

const server = createServer((req, res) => {
  if (req.method !== 'POST') return send(res, 405, { success: false, error: 'method_not_allowed' });
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > 256 * 1024) req.destroy();
    else chunks.push(chunk);
  });
  req.on('end', () => {
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return send(res, 400, { success: false, error: 'invalid_json' });
    }
    handle(req, res, body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(env('PORT')), env('HOST'), () =>
  console.log(`[which-polygon] ${features.length} polygons; listening on http://${env('HOST')}:${env('PORT')}`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
