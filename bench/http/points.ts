// The request bodies every server gets: 396 seeded points inside pincode polygons (the gazetteer's inside points), singly and 100 at a time.
import Database from 'better-sqlite3';
import { mulberry32 } from '../seeded.ts';

/** As in issue 15: the same 396 points for every server. */
export const POINT_COUNT = 396;
export const BATCH_SIZE = 100;

/** A point whose answer is known (central Bengaluru), checked on every server before it is loaded. */
export const KNOWN_POINT = { latitude: 12.9716, longitude: 77.5946 } as const;
export const KNOWN_PINCODE = '560001';

export interface Bodies {
  /** One `{latitude, longitude}` JSON body per point. */
  single: string[];
  /** `{locations: [...100 points]}` bodies; 99 of them use every point exactly 25 times (lcm(100, 396) = 9900). */
  batch: string[];
  /** The pincode of the polygon each point of batch[b] was picked from: batch[b] must answer these. */
  expectedBatchPincodes(b: number): string[];
}

/** Seeded picks of boundary ids (mulberry32, seed 15), each answered by its polygon's inside point. */
export function seededBodies(gazetteerPath: string, seed = 15): Bodies {
  const db = new Database(gazetteerPath, { readonly: true, fileMustExist: true });
  const rows = db.prepare('SELECT inside_lat, inside_lon, pincode FROM boundaries ORDER BY id').raw().all() as Array<
    [number, number, string]
  >;
  db.close();
  if (rows.length === 0) throw new Error(`${gazetteerPath} has no boundaries`);
  const next = mulberry32(seed);
  const points = Array.from({ length: POINT_COUNT }, () => {
    const [latitude, longitude, pincode] = rows[Math.floor(next() * rows.length)]!;
    return { latitude, longitude, pincode };
  });
  const at = (b: number, j: number) => points[(b * BATCH_SIZE + j) % POINT_COUNT]!;
  const batchCount = lcm(BATCH_SIZE, POINT_COUNT) / BATCH_SIZE;
  const batch = Array.from({ length: batchCount }, (_, b) =>
    JSON.stringify({
      locations: Array.from({ length: BATCH_SIZE }, (_, j) => ({
        latitude: at(b, j).latitude,
        longitude: at(b, j).longitude,
      })),
    }),
  );
  return {
    single: points.map((p) => JSON.stringify({ latitude: p.latitude, longitude: p.longitude })),
    batch,
    expectedBatchPincodes: (b) => Array.from({ length: BATCH_SIZE }, (_, j) => at(b, j).pincode),
  };
}

function lcm(a: number, b: number): number {
  const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));
  return (a / gcd(a, b)) * b;
}
