// What a developer would build instead of our geocoder: node:http + MiniSearch over the same place names (a JSON export of
// places.bin), answering autocomplete by prefix with typos allowed and geocode with the best-scoring place of the text.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import MiniSearch from 'minisearch';

/** One row of the export `search-places.ts` writes. */
interface Place {
  id: number;
  name: string;
  district: string;
  state: string;
  pincode: string | null;
  lat: number;
  lon: number;
}

const places = JSON.parse(readFileSync(process.env.PLACES_JSON!, 'utf8')) as Place[];
const search = new MiniSearch<Place>({
  fields: ['name', 'district', 'state', 'pincode'],
  storeFields: ['name', 'district', 'state', 'pincode', 'lat', 'lon'],
});
search.addAll(places);

type Hit = Pick<Place, 'name' | 'district' | 'state' | 'pincode' | 'lat' | 'lon'>;
const shown = (h: Hit) => ({
  name: h.name,
  district: h.district,
  state: h.state,
  pincode: h.pincode,
  lat: h.lat,
  lon: h.lon,
});

/** One edit in words of 5 or more letters (MiniSearch's fuzzy search over short prefixes is both slow and noisy). */
const oneTypo = (term: string) => (term.length >= 5 ? 1 : false);

/** Suggestions as people type: every word a prefix of a word of the place's name, one typo in words of 5+ letters. */
function autocomplete(q: string, limit: number): Hit[] {
  const hits = search.search(q, {
    prefix: true,
    fuzzy: oneTypo,
    combineWith: 'AND',
    fields: ['name'],
  }) as unknown as Hit[];
  return hits.slice(0, limit).map(shown);
}

/** The best-scoring place of the whole address (any word may match, typos allowed). */
function geocode(address: string): Hit | null {
  const hits = search.search(address, {
    fuzzy: oneTypo,
    combineWith: 'OR',
    boost: { name: 2, pincode: 3 },
  }) as unknown as Hit[];
  return hits[0] ? shown(hits[0]) : null;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'GET' && url.pathname === '/v1/geopin/autocomplete') {
    const q = url.searchParams.get('q') ?? '';
    if (q.trim().length < 3) return reply(res, 400, { success: false, message: 'q needs 3 characters' });
    return reply(res, 200, { success: true, data: autocomplete(q, Number(url.searchParams.get('limit') ?? 5)) });
  }
  if (req.method === 'POST' && url.pathname === '/v1/geopin/geocode') {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { address: string; city?: string; state?: string };
      const hit = geocode([body.address, body.city, body.state].filter(Boolean).join(', '));
      reply(res, hit ? 200 : 404, hit ? { success: true, data: hit } : { success: false, message: 'not found' });
    });
    return;
  }
  reply(res, 404, { success: false, message: 'no such route' });
}

createServer(handle).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
