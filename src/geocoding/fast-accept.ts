// Precompiled checks for the hot lookup bodies: plainly valid coordinates pass without the schema, anything else goes to it.
import { JsonBytes, jsonPiece } from './json-bytes.ts';

type Coordinates = { latitude: number; longitude: number };

/**
 * `{latitude, longitude}` in range, passed on as parsed: other keys stay (the schema would strip them; the lookup reads
 * only these two); undefined = let the schema judge.
 */
export function acceptCoordinates(json: unknown): Coordinates | undefined {
  return isCoordinates(json) ? json : undefined;
}

const OPEN = jsonPiece('{');
const LATITUDE = jsonPiece('"latitude"');
const LONGITUDE = jsonPiece('"longitude"');
const COLON = jsonPiece(':');
const COMMA = jsonPiece(',');
const CLOSE = jsonPiece('}');

/**
 * `{"latitude": n, "longitude": n}` read from the body's bytes, before any decoding or JSON.parse: the form every JSON
 * encoder writes for a point (any whitespace). Other key orders, keys, escapes or number forms: undefined, and the body
 * takes the usual way (JSON.parse, acceptCoordinates, the schema).
 */
export function acceptCoordinatesBytes(bytes: Uint8Array): Coordinates | undefined {
  const json = new JsonBytes(bytes);
  const point = readPoint(json);
  return point && json.end() ? point : undefined;
}

/** `{"latitude": n, "longitude": n}` in range, or undefined. */
function readPoint(json: JsonBytes): Coordinates | undefined {
  if (!json.text(OPEN) || !json.text(LATITUDE) || !json.text(COLON)) return undefined;
  const latitude = json.number();
  if (!json.text(COMMA) || !json.text(LONGITUDE) || !json.text(COLON)) return undefined;
  const longitude = json.number();
  if (!json.text(CLOSE)) return undefined;
  const point = { latitude, longitude };
  // NaN (a number off the fast path) fails the range check too.
  return isCoordinates(point) ? point : undefined;
}

function isCoordinates(item: unknown): item is Coordinates {
  if (typeof item !== 'object' || item === null) return false;
  const { latitude, longitude } = item as Record<string, unknown>;
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    latitude >= -90 &&
    latitude <= 90 &&
    longitude >= -180 &&
    longitude <= 180
  );
}
