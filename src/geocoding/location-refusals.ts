// Why a lookup body (or batch item) is neither {latitude, longitude} nor {geopin}: the field at fault and what to send.
import type { z } from 'zod';
import { described, typeMessage } from '../http/schema-messages.ts';

/** One refusal of a lookup body: the field it names (empty for the body itself) and why. */
export interface Refusal {
  path: string[];
  message: string;
}

const SHAPES = 'send {latitude, longitude} or {geopin}';
/** Other APIs' names for a point's axes (autocomplete's own lat/lng among them), by the field they stand for. */
const OTHER_NAMES: Record<string, 'latitude' | 'longitude'> = {
  lat: 'latitude',
  lng: 'longitude',
  lon: 'longitude',
  long: 'longitude',
};

/**
 * The refusals of `value`, which fits neither shape. The shape its keys choose is checked alone (a body with
 * coordinates and a geopin is read as coordinates, as a lookup reads it), so its first problem is named by field.
 */
export function whyNotALocation(value: unknown, coordinates: z.ZodType, geopin: z.ZodType): Refusal[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return [{ path: [], message: `${SHAPES} as a JSON object, got ${described(value)}` }];
  const body = value as Record<string, unknown>;
  const others = Object.keys(OTHER_NAMES).filter((name) => name in body);
  const hasCoordinates = 'latitude' in body || 'longitude' in body;
  if (!hasCoordinates && !('geopin' in body)) {
    return others.length > 0
      ? [{ path: [others[0]!], message: `use latitude and longitude, not ${others.join('/')}` }]
      : [{ path: [], message: SHAPES }];
  }
  const issues = (hasCoordinates ? coordinates : geopin).safeParse(body).error?.issues ?? [];
  return issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    if (issue.code !== 'invalid_type' || !field) return { path: issue.path.map(String), message: issue.message };
    const other = others.find((name) => OTHER_NAMES[name] === field);
    if (!(field in body) && other) return { path: [other], message: `use ${field}, not ${other}` };
    return { path: [field], message: typeMessageOf(issue.expected, body[field], hasCoordinates) };
  });
}

/** A missing field, or a value of the wrong JSON type (a number sent as a string above all). */
function typeMessageOf(expected: string, got: unknown, coordinates: boolean): string {
  if (got === undefined) return coordinates ? 'required: send latitude and longitude together' : 'required';
  return typeMessage(expected, got);
}
