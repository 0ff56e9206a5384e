// A grid of place entries over India for "near me": ring by ring outwards, with a cap on the entries examined.
import type { Work } from './fuzzy.ts';
import { haversineKm } from './geo-math.ts';
import { KIND, type PlaceIndex } from './place-index.ts';

/** Cell size in degrees (~5.5 km): a dense city cell holds a few hundred entries. */
const CELL = 0.05;
const MIN_LAT = 2;
const MIN_LON = 62;
const ROWS = Math.ceil((40 - MIN_LAT) / CELL);
const COLS = Math.ceil((100 - MIN_LON) / CELL);
/** Rings searched at most (~80 km): beyond that nothing is "near". */
const MAX_RING = 15;

/** Entries with their distance from the query point. */
export interface Near {
  id: number;
  distanceKm: number;
}

export class SpatialGrid {
  private constructor(
    private readonly idx: PlaceIndex,
    private readonly start: Uint32Array,
    private readonly ids: Uint32Array,
  ) {}

  /** Localities, offices, towns and landmarks bucketed by cell (counting sort, two passes). */
  static of(idx: PlaceIndex): SpatialGrid {
    const cellOf = new Int32Array(idx.size).fill(-1);
    const start = new Uint32Array(ROWS * COLS + 1);
    for (let id = 0; id < idx.size; id++) {
      if (idx.kind[id]! < KIND.locality) continue;
      const c = cellIndex(idx.lat[id]!, idx.lon[id]!);
      if (c < 0) continue;
      cellOf[id] = c;
      start[c + 1]!++;
    }
    for (let c = 0; c < ROWS * COLS; c++) start[c + 1]! += start[c]!;
    const fill = start.slice(0, ROWS * COLS);
    const ids = new Uint32Array(start[ROWS * COLS]!);
    for (let id = 0; id < idx.size; id++) if (cellOf[id]! >= 0) ids[fill[cellOf[id]!]!++] = id;
    return new SpatialGrid(idx, start, ids);
  }

  /**
   * The `limit` nearest entries that `accept` takes, nearest first, examining at most `budget` entries: rings of
   * cells outwards until the next ring cannot hold anything nearer than the last kept one. `work.count` adds the
   * entries examined.
   */
  nearest(
    lat: number,
    lon: number,
    limit: number,
    accept: (id: number) => boolean,
    budget: number,
    work: Work,
  ): Near[] {
    const row = Math.floor((lat - MIN_LAT) / CELL);
    const col = Math.floor((lon - MIN_LON) / CELL);
    const kept: Near[] = [];
    const kmPerCell = CELL * 111 * Math.max(0.2, Math.cos((lat * Math.PI) / 180));
    let examined = 0;
    for (let ring = 0; ring <= MAX_RING && examined < budget; ring++) {
      // Nothing in this ring is nearer than (ring - 1) cells: stop once the kept ones are all nearer than that.
      if (kept.length >= limit && kept[limit - 1]!.distanceKm < (ring - 1) * kmPerCell) break;
      for (let r = row - ring; r <= row + ring && examined < budget; r++) {
        for (let c = col - ring; c <= col + ring && examined < budget; c++) {
          if (Math.max(Math.abs(r - row), Math.abs(c - col)) !== ring || r < 0 || c < 0 || r >= ROWS || c >= COLS)
            continue;
          const cell = r * COLS + c;
          for (let k = this.start[cell]!; k < this.start[cell + 1]! && examined < budget; k++) {
            examined++;
            const id = this.ids[k]!;
            if (!accept(id)) continue;
            insertNear(kept, { id, distanceKm: haversineKm(lat, lon, this.idx.lat[id]!, this.idx.lon[id]!) }, limit);
          }
        }
      }
    }
    work.count += examined;
    return kept;
  }
}

function cellIndex(lat: number, lon: number): number {
  const r = Math.floor((lat - MIN_LAT) / CELL);
  const c = Math.floor((lon - MIN_LON) / CELL);
  return r < 0 || c < 0 || r >= ROWS || c >= COLS ? -1 : r * COLS + c;
}

/** Keeps `kept` sorted by distance and at most `limit` long. */
function insertNear(kept: Near[], n: Near, limit: number): void {
  if (kept.length === limit && n.distanceKm >= kept[limit - 1]!.distanceKm) return;
  let at = kept.length;
  while (at > 0 && kept[at - 1]!.distanceKm > n.distanceKm) at--;
  kept.splice(at, 0, n);
  if (kept.length > limit) kept.pop();
}
