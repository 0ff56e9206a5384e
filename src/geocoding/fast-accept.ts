// Precompiled checks for the hot lookup bodies: plainly valid coordinates pass without the schema, anything else goes to it.
import { MAX_BATCH } from './batch.ts';

type Coordinates = { latitude: number; longitude: number };

/** `{latitude, longitude}` in range (other keys ignored, as the schema strips them); undefined = let the schema judge. */
export function acceptCoordinates(json: unknown): Coordinates | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { latitude, longitude } = json as Record<string, unknown>;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return undefined;
  if (!(latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180)) return undefined;
  return { latitude, longitude };
}

/**
 * `{locations: [...]}` of 1..MAX_BATCH plain coordinates; undefined when any item needs the schema (geopins, errors).
 * The items are passed on as parsed (extra keys included): the batch reads only latitude and longitude.
 */
export function acceptLocations(json: unknown): { locations: Coordinates[] } | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { locations } = json as Record<string, unknown>;
  if (!Array.isArray(locations) || locations.length < 1 || locations.length > MAX_BATCH) return undefined;
  for (let i = 0; i < locations.length; i++) if (!isCoordinates(locations[i])) return undefined;
  return { locations: locations as Coordinates[] };
}

function isCoordinates(item: unknown): item is Coordinates {
  if (typeof item !== 'object' || item === null) return false;
  const { latitude, longitude } = item as Record<string, unknown>;
  return typeof latitude === 'number' && typeof longitude === 'number' && latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180;
}
