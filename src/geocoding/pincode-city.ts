// The town or city a pincode's addresses are written with ("Bengaluru" for 560034, "Leh" for 194101): the postal
// directory names districts and offices, and only some offices a town in brackets.
import { haversineKm } from './geo-math.ts';
import { compactKey } from './normalise.ts';
import { KIND, type PlaceIndex } from './place-index.ts';
import { SpatialGrid } from './spatial-grid.ts';

/** Towns farther than this from a pincode's point are another place's. */
const REACH_KM = 20;
/** A town named as the pincode's district is its city this far out (Hyderabad's HITEC City, 10 km from its centre). */
const DISTRICT_TOWN_KM = 30;
/** Nearest towns weighed; entries examined at most (the grid's rings). */
const TOWNS = 8;
const BUDGET = 3000;
/** Importance a kilometre costs: a city of a million 7 km away beats its suburb next door. */
const PER_KM = 1 / 20;

export class PincodeCity {
  private grid: SpatialGrid | null = null;
  /** One answer per pincode asked (at most the directory's 19,596). */
  private readonly cities = new Map<number, string | null>();

  constructor(private readonly idx: PlaceIndex) {}

  /** The city of pincode index `pin`, or null when no town lies within reach of its point. */
  of(pin: number): string | null {
    let city = this.cities.get(pin);
    if (city === undefined) {
      city = this.find(pin);
      this.cities.set(pin, city);
    }
    return city;
  }

  private find(pin: number): string | null {
    const idx = this.idx;
    const [lat, lon] = idx.pinPoint(pin);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
    this.grid ??= SpatialGrid.of(idx);
    const towns = this.grid.nearest(lat, lon, TOWNS, (id) => idx.kind[id] === KIND.town, BUDGET, { count: 0 });
    const district = compactKey(idx.areas[idx.pinArea[pin]!]?.district ?? '');
    let best: { id: number; score: number } | null = null;
    for (const { id } of towns) {
      const km = haversineKm(lat, lon, idx.lat[id]!, idx.lon[id]!);
      // People write the city their district is named after ("Hyderabad"), not the suburb GeoNames lists nearer.
      if (district !== '' && idx.compact(id) === district && km <= DISTRICT_TOWN_KM) return idx.name(id);
      if (km > REACH_KM) continue;
      const score = idx.importance[id]! - km * PER_KM;
      if (best === null || score > best.score) best = { id, score };
    }
    return best === null ? null : idx.name(best.id);
  }
}
