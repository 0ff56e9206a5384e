// The answer for an address that gives its point outright (a DIGIPIN, coordinates): that point, in its pincode.
import { componentsOf, parseAddress } from './address-parser.ts';
import { CONFIDENCE } from './confidence.ts';
import { pincodeAnswer, type GeocodeMatch } from './geocode-answer.ts';
import type { AddressInput } from './location-api.ts';
import { extractPincode } from './normalise.ts';
import type { PlaceIndex } from './place-index.ts';
import type { GivenPoint } from './point-in-text.ts';

/**
 * The point itself, with the pincode whose boundary holds it; a typed pincode that differs is flagged, never taken
 * (the point is the buyer's own, the finest thing an address can say). Null outside every boundary.
 */
export function pointAnswer(
  idx: PlaceIndex,
  polygonAt: (lat: number, lon: number) => number,
  point: GivenPoint,
  input: AddressInput,
): GeocodeMatch | null {
  const polygon = polygonAt(point.lat, point.lon);
  if (polygon < 0) return null;
  const { parts, pincode: inText } = parseAddress(point.rest, input.city, input.state);
  const typed = extractPincode(input.pincode ?? '') ?? inText;
  const m = pincodeAnswer(idx, idx.bndPin[polygon]!, CONFIDENCE.givenPoint, componentsOf(parts, typed));
  m.latitude = point.lat;
  m.longitude = point.lon;
  m.match_level = 'point';
  if (typed !== null && typed !== m.pincode) {
    m.warnings.push('pincode_mismatch');
    m.suggestions.pincode = m.pincode!;
    m.confidence = CONFIDENCE.mismatchCap;
  }
  return m;
}
