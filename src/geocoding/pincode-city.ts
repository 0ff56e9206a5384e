// The town or city a pincode's addresses are written with ("Bengaluru" for 560034, "Leh" for 194101): the postal
// directory names districts and offices, and only some offices a town in brackets.
import { CITY_REGIONS } from './aliases.ts';
import { haversineKm } from './geo-math.ts';
import { tokenize } from './normalise.ts';
import { KIND, type AreaRow, type PlaceIndex } from './place-index.ts';
import { SpatialGrid } from './spatial-grid.ts';

/** Towns farther than this from a pincode's point are another place's. */
const REACH_KM = 20;
/** A town its district or metro is named after is its city this far out (HITEC City, 10 km from Hyderabad's centre). */
const NAMED_TOWN_KM = 30;
/** Nearest towns weighed; entries examined at most (the grid's rings). */
const TOWNS = 8;
const BUDGET = 3000;
/** Importance a kilometre costs: a city of a million 7 km away beats its suburb next door. */
const PER_KM = 1 / 20;
/** Entries of one name read for its town. */
const ENTRIES_READ = 16;
/**
 * States and territories that are one city, whose census towns GeoNames lists as towns of their own (Rohini, Narela,
 * Kirari in Delhi): their city by district.
 */
const CITY_STATES = new Map<string, (district: string | null) => string>([
  ['Delhi', (district) => (district === 'New Delhi' ? 'New Delhi' : 'Delhi')],
  ['Chandigarh', () => 'Chandigarh'],
]);

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
    const area = idx.areas[idx.pinArea[pin]!];
    const own = area ? CITY_STATES.get(area.state) : undefined;
    if (own !== undefined && area) return own(area.district);
    const [lat, lon] = idx.pinPoint(pin);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
    // People write the city their district or metro is named after ("Hyderabad", "Mumbai" for Mumbai Suburban,
    // "Kolkata" for Salt Lake in North 24 Parganas), not the suburb GeoNames lists nearer.
    const named = this.nearestNamed(area ? namesOf(area) : [], lat, lon);
    if (named >= 0) return idx.name(named);
    this.grid ??= SpatialGrid.of(idx);
    const towns = this.grid.nearest(lat, lon, TOWNS, (id) => idx.kind[id] === KIND.town, BUDGET, { count: 0 });
    let best: { id: number; score: number; inDistrict: boolean } | null = null;
    for (const { id } of towns) {
      const km = haversineKm(lat, lon, idx.lat[id]!, idx.lon[id]!);
      if (km > REACH_KM) continue;
      // A town of the pincode's own district before another's (Bhubaneswar's pincodes are not Cuttack's).
      const inDistrict = idx.area[id] === idx.pinArea[pin];
      const score = idx.importance[id]! - km * PER_KM;
      if (best === null || (inDistrict && !best.inDistrict) || (inDistrict === best.inDistrict && score > best.score))
        best = { id, score, inDistrict };
    }
    return best === null ? null : idx.name(best.id);
  }

  /** The nearest town named by one of `keys` within NAMED_TOWN_KM, or -1. */
  private nearestNamed(keys: string[], lat: number, lon: number): number {
    const idx = this.idx;
    let best = -1;
    let bestKm = NAMED_TOWN_KM;
    for (const key of keys) {
      const k = idx.keyIndex(key);
      if (k < 0) continue;
      for (let j = idx.keyAt[k]!; j < Math.min(idx.keyAt[k + 1]!, idx.keyAt[k]! + ENTRIES_READ); j++) {
        const id = idx.keyEnt[j]!;
        if (idx.kind[id] !== KIND.town) continue;
        const km = haversineKm(lat, lon, idx.lat[id]!, idx.lon[id]!);
        if (km <= bestKm) [best, bestKm] = [id, km];
      }
    }
    return best;
  }
}

/**
 * The compact names a pincode's city may go by: its district's first words ("mumbai" of Mumbai Suburban) and every
 * metro its district belongs to (CITY_REGIONS: "kolkata" for North 24 Parganas, "navimumbai" and "thane" for Thane).
 */
function namesOf(area: AreaRow): string[] {
  const words = tokenize(area.district ?? '');
  const names = words.map((_, i) => words.slice(0, i + 1).join(''));
  for (const [key, metro] of CITY_REGIONS)
    if (metro.state === area.state && area.district !== null && metro.districts.includes(area.district))
      names.push(key);
  return names;
}
