// Precompiled checks for the hot lookup bodies: plainly valid coordinates pass without the schema, anything else goes to it.
import { MAX_BATCH, type LocationQuery } from './schemas.ts';

type Coordinates = { latitude: number; longitude: number };

/** `{latitude, longitude}` in range (other keys ignored, as the schema strips them); undefined = let the schema judge. */
export function acceptCoordinates(json: unknown): Coordinates | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { latitude, longitude } = json as Record<string, unknown>;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return undefined;
  if (!(latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180)) return undefined;
  return { latitude, longitude };
}

/** `{locations: [...]}` of 1..MAX_BATCH plain coordinates; undefined when any item needs the schema (geopins, errors). */
export function acceptLocations(json: unknown): { locations: LocationQuery[] } | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { locations } = json as Record<string, unknown>;
  if (!Array.isArray(locations) || locations.length < 1 || locations.length > MAX_BATCH) return undefined;
  const accepted: LocationQuery[] = new Array(locations.length);
  for (let i = 0; i < locations.length; i++) {
    const point = acceptCoordinates(locations[i]);
    if (!point) return undefined;
    accepted[i] = point;
  }
  return { locations: accepted };
}
