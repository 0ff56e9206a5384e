// The loaded location service: LocationApi for in-process callers, plus the batch, autocomplete and stats the routes use.
import type { BoundaryIndex } from '../native/boundary-index.ts';
import { encode, encodeOrNull } from '../native/digipin.ts';
import { Autocomplete, type AutocompleteQuery, type Hit } from './autocomplete.ts';
import { loadDataset, type Dataset } from './dataset.ts';
import { Geocoder, type GeocodeMatch } from './geocoder.ts';
import { round6 } from './geo-math.ts';
import type {
  AddressInput,
  GeocodeResult,
  LocationApi,
  LocationInfo,
  PincodeFacts,
  PincodeInfo,
} from './location-api.ts';
import { shownPlaceName } from './shown-names.ts';
import { outlineForMap } from './outline-rings.ts';
import { pointAnswer } from './point-answer.ts';
import { pointInText } from './point-in-text.ts';
import { PolygonAnswers } from './polygon-answers.ts';
import { PincodeCity } from './pincode-city.ts';
import { pincodeReach } from './pincode-reach.ts';
import type { PlaceIndex, PlaceKind } from './place-index.ts';

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
  private readonly cities: PincodeCity;
  readonly places: PlaceIndex;
  /** Each polygon's answer as JSON, made once. */
  readonly answers: PolygonAnswers;

  private constructor(readonly data: Dataset) {
    this.places = data.places;
    this.answers = PolygonAnswers.of(data.counts.polygons, (id) => this.locationOf(id));
    this.geocoder = new Geocoder(
      data.places,
      pincodeReach(() => data.index, data.places.bndPin),
    );
    this.completer = new Autocomplete(data.places, this.geocoder.regions);
    this.cities = new PincodeCity(data.places);
  }

  /** Counts from the build manifest and the loaded index; the native index's memory is 0 until a point lookup opens it. */
  get stats(): LocationStats {
    return measure(this.data);
  }

  /** The service over the dataset in `dir`, built once per process (tests start many servers). */
  static open(dir: string): LocationService {
    let service = services.get(dir);
    if (!service) {
      service = new LocationService(loadDataset(dir));
      services.set(dir, service);
    }
    return service;
  }

  pincodeInfo(pincode: string): PincodeInfo | null {
    const pin = this.data.pincodes.get(pincode);
    if (!pin) return null;
    const offices = pin.officeCount > 0 ? this.data.offices(pincode) : [];
    return {
      pincode,
      state: pin.state,
      district: pin.district,
      division: pin.division,
      delivery: pin.delivery,
      offices,
      city: this.cities.of(this.places.pinOf(pincode)),
      latitude: pin.lat === null ? null : round6(pin.lat),
      longitude: pin.lon === null ? null : round6(pin.lon),
    };
  }

  pincodeFacts(pincode: string): PincodeFacts | null {
    const pin = this.data.pincodes.get(pincode);
    if (!pin) return null;
    return { pincode, state: pin.state, district: pin.district, division: pin.division, delivery: pin.delivery };
  }

  pincodePoint(pincode: string): { latitude: number; longitude: number } | null {
    const pin = this.data.pincodes.get(pincode);
    if (!pin || pin.lat === null || pin.lon === null) return null;
    return { latitude: round6(pin.lat), longitude: round6(pin.lon) };
  }

  /** The pincode's outline simplified for a map about `pixels` across (MultiPolygon coordinates), or null. */
  pincodeOutline(pincode: string, pixels: number): number[][][][] | null {
    const id = this.data.pincodes.get(pincode)?.boundaryId ?? -1;
    return id < 0 ? null : outlineForMap(this.boundaryIndex.outline(id), pixels);
  }

  geopinAt(latitude: number, longitude: number): string | null {
    return encodeOrNull(latitude, longitude);
  }

  geocode(address: AddressInput): GeocodeAnswer | null {
    // A DIGIPIN or coordinates written in the address are its point; outside every boundary, the words are searched.
    const point = pointInText(address.address);
    const m =
      (point && pointAnswer(this.places, (lat, lon) => this.polygonAt(lat, lon), point, address)) ??
      this.geocoder.geocode(address);
    if (!m) return null;
    const latitude = round6(m.latitude);
    const longitude = round6(m.longitude);
    // Field by field, not extend(): copying a match's fields generically cost 0.7% of a geocode served over HTTP.
    return {
      latitude,
      longitude,
      level: m.level,
      match_level: m.match_level,
      confidence: m.confidence,
      formatted: m.formatted,
      pincode: m.pincode,
      district: m.district,
      state: m.state,
      components: m.components,
      warnings: m.warnings,
      suggestions: m.suggestions,
      geopin: encode(latitude, longitude),
    };
  }

  lookup(lat: number, lon: number): LocationInfo | null {
    const id = this.polygonAt(lat, lon);
    return id < 0 ? null : this.locationOf(id);
  }

  /** The native point-in-polygon index (opened by its first use). */
  get boundaryIndex(): BoundaryIndex {
    return this.data.index;
  }

  /** Id of the polygon containing the point, or -1 (opens the native index on first use). */
  polygonAt(lat: number, lon: number): number {
    return this.data.index.lookup(lat, lon);
  }

  /** One native call for `[lon0, lat0, …]`; -1 per miss. */
  lookupMany(lonLat: Float64Array): Int32Array {
    return this.data.index.lookupMany(lonLat);
  }

  /** The administrative answer for polygon `id`. */
  locationOf(id: number): LocationInfo {
    const p = this.places;
    const pin = p.bndPin[id]!;
    const area = p.areas[p.pinArea[pin]!];
    return {
      state: area?.state ?? null,
      district: area?.district ?? null,
      division: p.pinDivision[pin] || null,
      locality: p.bndLocality[id] || null,
      pincode: p.pinCode[pin]!,
      delivery: p.pinFlags[pin] === 1,
    };
  }

  /** Name search (or nearest places for "near me" queries, which the caller must pass a point for). */
  autocomplete(query: AutocompleteQuery, nearMe: boolean): Place[] {
    const hits = nearMe
      ? this.completer.nearest(query as AutocompleteQuery & { lat: number; lon: number })
      : this.completer.search(query);
    return hits.map((h) => this.place(h));
  }

  private place(hit: Hit): Place {
    const p = this.places;
    const id = hit.id;
    const latitude = round6(p.lat[id]!);
    const longitude = round6(p.lon[id]!);
    const type = p.kindName(id);
    const area = p.areas[p.area[id]!];
    const place: Place = {
      name: shownPlaceName(p.name(id), type === 'office'),
      type,
      pincode: p.pin[id]! >= 0 ? p.pinCode[p.pin[id]!]! : null,
      district: area?.district ?? null,
      state: area?.state ?? null,
      latitude,
      longitude,
      geopin: encode(latitude, longitude),
    };
    if (hit.distanceKm !== null) place.distance_km = Math.round(hit.distanceKm * 100) / 100;
    return place;
  }
}

function measure(data: Dataset): LocationStats {
  const c = data.counts;
  const p = data.places;
  return {
    dataset: data.kind,
    total_boundaries: c.polygons,
    total_states: c.states,
    total_divisions: c.divisions,
    total_districts: p.areas.filter((a) => a.district !== null).length,
    total_pincodes: p.pinCode.length,
    total_offices: c.offices,
    autocomplete_entries: p.size,
    cache_size: p.bndPin.length + p.pinCode.length + p.size,
    native_memory_bytes: data.indexOpen ? data.index.memoryBytes : 0,
    load_ms: Math.round(data.loadMs + data.indexMs),
  };
}
