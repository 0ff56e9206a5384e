// The loaded location service: LocationApi for in-process callers, plus the batch, autocomplete and stats the routes use.
import { encode } from '../native/digipin.ts';
import { Autocomplete, type AutocompleteQuery, type Hit } from './autocomplete.ts';
import { loadDataset, type Dataset } from './dataset.ts';
import { Gazetteer } from './gazetteer.ts';
import { Geocoder, type GeocodeMatch } from './geocoder.ts';
import { round6 } from './geo-math.ts';
import type { AddressInput, GeocodeResult, LocationApi, LocationInfo, PincodeInfo } from './location-api.ts';
import { officePlaceName } from './normalise.ts';
import { buildPlaceIndex, type PlaceIndex, type PlaceKind } from './place-index.ts';

/** One autocomplete suggestion as the API returns it. */
export interface Place {
  name: string;
  type: PlaceKind;
  pincode: string | null;
  district: string | null;
  state: string | null;
  latitude: number;
  longitude: number;
  geopin: string;
  distance_km?: number;
}

export type GeocodeAnswer = GeocodeResult & Omit<GeocodeMatch, 'latitude' | 'longitude' | 'level' | 'confidence'>;

export interface LocationStats {
  dataset: 'full' | 'sample';
  total_boundaries: number;
  total_states: number;
  total_divisions: number;
  total_districts: number;
  total_pincodes: number;
  total_offices: number;
  autocomplete_entries: number;
  /** Records held in memory for request-time answers (boundary rows + offices + pincodes + places). */
  cache_size: number;
  native_memory_bytes: number;
  load_ms: number;
}

const services = new Map<string, LocationService>();

export class LocationService implements LocationApi {
  private readonly geocoder: Geocoder;
  private readonly completer: Autocomplete;
  readonly stats: LocationStats;

  private constructor(
    readonly data: Dataset,
    readonly places: PlaceIndex,
    buildMs: number,
  ) {
    this.geocoder = new Geocoder(new Gazetteer(data, places));
    this.completer = new Autocomplete(places);
    this.stats = measure(data, places, buildMs);
  }

  /** True when `dir` is already loaded in this process. */
  static isOpen(dir: string): boolean {
    return services.has(dir);
  }

  /** The service over the dataset in `dir`, built once per process (tests start many servers). */
  static open(dir: string): LocationService {
    let service = services.get(dir);
    if (!service) {
      const data = loadDataset(dir);
      const started = performance.now();
      service = new LocationService(data, buildPlaceIndex(data), performance.now() - started);
      services.set(dir, service);
    }
    return service;
  }

  pincodeInfo(pincode: string): PincodeInfo | null {
    const pin = this.data.pincodes.get(pincode);
    if (!pin) return null;
    const o = this.data.offices;
    const offices: PincodeInfo['offices'] = [];
    for (let i = pin.officeStart; i < pin.officeEnd; i++) offices.push({ name: o.name[i]!, type: o.type[i]!, delivery: o.delivery[i] === 1 });
    return {
      pincode, state: pin.state, district: pin.district, division: pin.division, delivery: pin.delivery, offices,
      latitude: pin.lat === null ? null : round6(pin.lat), longitude: pin.lon === null ? null : round6(pin.lon),
    };
  }

  geocode(address: AddressInput): GeocodeAnswer | null {
    const m = this.geocoder.geocode(address);
    if (!m) return null;
    const latitude = round6(m.latitude);
    const longitude = round6(m.longitude);
    return { ...m, latitude, longitude, geopin: encode(latitude, longitude) };
  }

  lookup(lat: number, lon: number): LocationInfo | null {
    const id = this.data.index.lookup(lat, lon);
    return id < 0 ? null : this.locationOf(id);
  }

  /** One native call for `[lon0, lat0, …]`; -1 per miss. */
  lookupMany(lonLat: Float64Array): Int32Array {
    return this.data.index.lookupMany(lonLat);
  }

  /** The administrative answer for polygon `id`. */
  locationOf(id: number): LocationInfo {
    const b = this.data.boundaries;
    return {
      state: b.state[id]!, district: b.district[id]!, division: b.division[id]!, locality: b.locality[id]!,
      pincode: b.pincode[id]!, delivery: b.delivery[id] === 1,
    };
  }

  /** Name search (or nearest places for "near me" queries, which the caller must pass a point for). */
  autocomplete(query: AutocompleteQuery, nearMe: boolean): Place[] {
    const hits = nearMe ? this.completer.nearest(query as AutocompleteQuery & { lat: number; lon: number }) : this.completer.search(query);
    return hits.map((h) => this.place(h));
  }

  private place(hit: Hit): Place {
    const p = this.places;
    const id = hit.id;
    const latitude = round6(p.lat[id]!);
    const longitude = round6(p.lon[id]!);
    const place: Place = {
      name: p.kind[id] === 'office' ? officePlaceName(p.name[id]!) : p.name[id]!, type: p.kind[id]!,
      pincode: p.pincode[id]!, district: p.district[id]!, state: p.state[id]!, latitude, longitude, geopin: encode(latitude, longitude),
    };
    if (hit.distanceKm !== null) place.distance_km = Math.round(hit.distanceKm * 100) / 100;
    return place;
  }
}

function measure(data: Dataset, places: PlaceIndex, buildMs: number): LocationStats {
  const b = data.boundaries;
  const distinct = (values: (string | null)[]) => new Set(values.filter((v) => v !== null)).size;
  return {
    dataset: data.kind,
    total_boundaries: data.index.size,
    total_states: distinct(b.state),
    total_divisions: distinct(b.division),
    total_districts: data.districts.length,
    total_pincodes: data.pincodes.size,
    total_offices: data.offices.name.length,
    autocomplete_entries: places.name.length,
    cache_size: b.pincode.length + data.offices.name.length + data.pincodes.size + places.name.length,
    native_memory_bytes: data.index.memoryBytes,
    load_ms: Math.round(data.loadMs + buildMs),
  };
}
