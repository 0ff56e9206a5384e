// A point an address gives outright: its DIGIPIN written in it, or coordinates (pasted, or in a shared map link).
import { decode } from '../native/digipin.ts';

export interface GivenPoint {
  lat: number;
  lon: number;
  /** How the address gave it. */
  kind: 'digipin' | 'coordinates';
  /** The address without the text that gave the point (what the rest of the address says is parsed from it). */
  rest: string;
}

/** Ten symbols of DIGIPIN's alphabet, as 3-3-4 with hyphens or run together; never inside a longer word or number. */
const DIGIPIN = /(?<![0-9a-z])([2-9cfjklmpt]{3})(-?)([2-9cfjklmpt]{3})\2([2-9cfjklmpt]{4})(?![0-9a-z])/gi;
/** A latitude and longitude with decimals, comma-separated ("12.9716, 77.5946", a map link's "@12.93,77.62"). */
const COORDINATES = /(?<![\d.])(\d{1,2}\.\d{3,})\s*,\s*(\d{2,3}\.\d{3,})(?![\d.])/;
/** Mainland India and its islands, with a margin: other number pairs are not read as a point. */
const INDIA = { south: 6, north: 38, west: 68, east: 98 };

/** A link (a shared map's), and DIGIPIN's own label: neither says anything once the point is read. */
const LINK = /\bhttps?:\/\/\S*/gi;
const LABEL = /\bdigi\s?pin\b\s*:?/gi;

/**
 * The point the text gives, or null. A DIGIPIN needs a letter: ten digits 2-9 are a phone number far more often
 * ("9876543298", "987-654-3298"), and all but one code in a thousand has one.
 */
export function pointInText(text: string): GivenPoint | null {
  // The first code with a letter: a phone number may come before it ("Call 9876543298, DIGIPIN 4P3-J24-KJML").
  // exec from 0, not matchAll: matchAll copies the expression and V8 compiles each copy again (0.7% of a geocoding
  // server's time under load).
  DIGIPIN.lastIndex = 0;
  for (let pin = DIGIPIN.exec(text); pin !== null; pin = DIGIPIN.exec(text)) {
    if (!/[a-z]/i.test(pin[0])) continue;
    const { lat, lon } = decode(pin[1]! + pin[3]! + pin[4]!);
    return { lat, lon, kind: 'digipin', rest: without(text, pin) };
  }
  const pair = COORDINATES.exec(text);
  if (!pair) return null;
  const lat = Number(pair[1]);
  const lon = Number(pair[2]);
  const inIndia = lat >= INDIA.south && lat <= INDIA.north && lon >= INDIA.west && lon <= INDIA.east;
  return inIndia ? { lat, lon, kind: 'coordinates', rest: without(text, pair) } : null;
}

function without(text: string, match: RegExpExecArray): string {
  const at = match.index;
  const rest = `${text.slice(0, at)} ${text.slice(at + match[0].length)}`;
  return rest.replace(LINK, ' ').replace(LABEL, ' ');
}
