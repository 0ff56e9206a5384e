// Typed DIGIPIN wrappers over the native core: single calls and typed-array batches.
import { callNative, GeoError, native } from './addon.ts';

/** Symbols per code, hyphens excluded. */
export const CODE_LEN = 10;

function requireNumber(name: string, value: unknown): number {
  if (typeof value !== 'number') throw new GeoError('E_INVALID_ARGUMENT', `${name} must be a number`);
  return value;
}

/** Encodes to `XXX-XXX-XXXX`; throws GeoError E_LATITUDE_OUT_OF_RANGE / E_LONGITUDE_OUT_OF_RANGE (NaN included). */
export function encode(lat: number, lon: number): string {
  const la = requireNumber('lat', lat);
  const lo = requireNumber('lon', lon);
  return callNative(() => native.encode(la, lo));
}

/** The code of a point, or null outside the DIGIPIN grid (NaN included): the lookup hot path, without error objects' wrapping. */
export function encodeOrNull(lat: number, lon: number): string | null {
  try {
    return native.encode(lat, lon);
  } catch {
    return null;
  }
}

/** Decodes to the cell centre; hyphens are ignored and lowercase is accepted. */
export function decode(code: string): { lat: number; lon: number } {
  if (typeof code !== 'string') throw new GeoError('E_INVALID_DIGIPIN', 'Invalid DIGIPIN');
  const [lat, lon] = callNative(() => native.decode(code)) as [number, number];
  return { lat, lon };
}

/** Symbols per code with its two hyphens, as native encodeMany writes them. */
const HYPHENATED_LEN = CODE_LEN + 2;

/** Encodes `[lon, lat, …]` in one native call to `XXX-XXX-XXXX` codes; null where a point is outside the grid. */
export function encodeMany(lonLat: Float64Array): (string | null)[] {
  const bytes = callNative(() => native.encodeMany(lonLat));
  // One decode of the whole buffer, then one slice per code: far cheaper than a decode per code.
  const all = bytes.toString('latin1');
  const codes = new Array<string | null>(bytes.length / HYPHENATED_LEN);
  for (let i = 0, at = 0; at < bytes.length; i++, at += HYPHENATED_LEN)
    codes[i] = bytes[at] === 0 ? null : all.slice(at, at + HYPHENATED_LEN);
  return codes;
}

/** Decodes many codes in one native call to cell centres `[lon, lat, …]`; NaN, NaN where a code is invalid. */
export function decodeMany(codes: readonly string[]): Float64Array {
  const packed = Buffer.alloc(codes.length * CODE_LEN);
  codes.forEach((code, i) => {
    const bare = code.replaceAll('-', '');
    // A wrong length or non-ASCII code is written as zeros, which the core reports as NaN.
    if (bare.length === CODE_LEN && /^[\x21-\x7e]+$/.test(bare)) packed.write(bare, i * CODE_LEN, 'latin1');
  });
  return callNative(() => native.decodeMany(packed));
}

/** `ABCDEFGHIJ` -> `ABC-DEF-GHIJ`. */
export function hyphenate(bare: string): string {
  return `${bare.slice(0, 3)}-${bare.slice(3, 6)}-${bare.slice(6)}`;
}

/** The official service's decode shape: 6-decimal strings, exactly as India Post's reference returns them. */
export function decodeOfficial(code: string): { latitude: string; longitude: string } {
  const { lat, lon } = decode(code);
  return { latitude: lat.toFixed(6), longitude: lon.toFixed(6) };
}
