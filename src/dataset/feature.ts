// A boundary feature as read from any source (NDJSON or shapefile), plus the pipeline's error type.

/** A data problem that stops the build; the message names the feature or row. */
export class DataError extends Error {
  override readonly name = 'DataError';
}

/** One boundary feature before geometry processing. */
export interface RawFeature {
  /** Where it came from, for messages, e.g. "line 12 (pincode 560001)". */
  where: string;
  pincode: string;
  officeName: string | null;
  division: string | null;
  region: string | null;
  circle: string | null;
  /** The GeoJSON geometry as parsed; validated by the geometry step. */
  geometry: unknown;
}

/** Accepted property names per field, lower case (shapefile DBF names are cut to 10 characters). */
const FIELD_ALIASES = {
  pincode: ['pincode', 'pin_code', 'pin'],
  officeName: ['office_name', 'office_nam', 'officename'],
  division: ['division', 'divisionname', 'division_n', 'divisionna'],
  region: ['region', 'regionname', 'region_nam', 'regionnam'],
  circle: ['circle', 'circlename', 'circle_nam', 'circlenam'],
} as const;

const PINCODE = /^[1-9][0-9]{5}$/;

/** Builds a RawFeature from properties whose names match case-insensitively; throws on a bad pincode. */
export function featureFromProperties(props: unknown, geometry: unknown, location: string): RawFeature {
  const lookup = lowerKeys(props);
  const pick = (aliases: readonly string[]) => text(aliases.map((a) => lookup.get(a)).find((v) => v != null));
  const pincode = pick(FIELD_ALIASES.pincode);
  if (pincode === null) throw new DataError(`${location}: missing pincode`);
  if (!PINCODE.test(pincode)) throw new DataError(`${location}: pincode "${pincode}" is not a 6-digit pincode`);
  return {
    where: `${location} (pincode ${pincode})`,
    pincode,
    officeName: pick(FIELD_ALIASES.officeName),
    division: pick(FIELD_ALIASES.division),
    region: pick(FIELD_ALIASES.region),
    circle: pick(FIELD_ALIASES.circle),
    geometry,
  };
}

function lowerKeys(props: unknown): Map<string, unknown> {
  const map = new Map<string, unknown>();
  if (props && typeof props === 'object') {
    for (const [key, value] of Object.entries(props)) map.set(key.trim().toLowerCase(), value);
  }
  return map;
}

/** Trimmed string, numbers as integers written out (DBF numeric pincodes), empty as null. */
function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
