// DIGIPIN through the addon: every shared vector, batch parity, error codes reaching JS.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GeoError } from '../../src/native/addon.ts';
import { decode, decodeMany, decodeOfficial, encode, encodeMany } from '../../src/native/digipin.ts';
import { vectorsDir } from '../support/paths.ts';

interface EncodeCase {
  lat: number | string;
  lon: number | string;
  digipin: string;
}
interface DecodeCase {
  digipin: string;
  lat: string;
  lon: string;
}
interface ErrorCase {
  op: 'encode' | 'decode';
  lat?: number | string;
  lon?: number | string;
  digipin?: string;
  error: string;
}

function readJsonl<T>(name: string): T[] {
  return readFileSync(`${vectorsDir}/${name}`, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as T);
}

const num = (v: number | string | undefined): number => (typeof v === 'number' ? v : Number(v));

describe('DIGIPIN through the native addon', () => {
  it('encodes every official vector exactly', () => {
    const cases = readJsonl<EncodeCase>('encode.jsonl');
    expect(cases.length).toBeGreaterThan(1000);
    for (const c of cases) expect(encode(num(c.lat), num(c.lon)), JSON.stringify(c)).toBe(c.digipin);
  });

  it('decodes every official vector to the same 6-decimal strings', () => {
    for (const c of readJsonl<DecodeCase>('decode.jsonl')) {
      expect(decodeOfficial(c.digipin), c.digipin).toEqual({ latitude: c.lat, longitude: c.lon });
    }
  });

  it('fails every error vector with the official message and a stable code', () => {
    for (const c of readJsonl<ErrorCase>('errors.jsonl')) {
      const run = () => (c.op === 'encode' ? encode(num(c.lat), num(c.lon)) : decode(c.digipin!));
      expect(run, JSON.stringify(c)).toThrow(c.error);
      try {
        run();
      } catch (err) {
        expect(err).toBeInstanceOf(GeoError);
        expect((err as GeoError).code).toMatch(/^E_(LATITUDE_OUT_OF_RANGE|LONGITUDE_OUT_OF_RANGE|INVALID_DIGIPIN)$/);
      }
    }
  });

  it('rejects NaN, missing longitude and emoji that the official service mishandles', () => {
    expect(() => encode(Number.NaN, 77)).toThrow(expect.objectContaining({ code: 'E_LATITUDE_OUT_OF_RANGE' }));
    expect(() => encode(20, undefined as unknown as number)).toThrow(
      expect.objectContaining({ code: 'E_INVALID_ARGUMENT' }),
    );
    expect(() => decode('39J-49L-L8T😀')).toThrow(expect.objectContaining({ code: 'E_INVALID_CHAR' }));
  });

  it('accepts lowercase and hyphenless codes', () => {
    expect(decode('39j49ll8t4')).toEqual(decode('39J-49L-L8T4'));
  });

  it('batch encode and decode agree with single calls, misses as null and NaN', () => {
    const cases = readJsonl<EncodeCase>('encode.jsonl').slice(0, 200);
    const lonLat = new Float64Array(cases.flatMap((c) => [num(c.lon), num(c.lat)]).concat([77, 40]));
    const codes = encodeMany(lonLat);
    expect(codes.slice(0, -1)).toEqual(cases.map((c) => c.digipin));
    expect(codes.at(-1)).toBeNull();
    const decoded = decodeMany([...cases.map((c) => c.digipin), 'nonsense', 'AAAAAAAAAA']);
    cases.forEach((c, i) => expect({ lon: decoded[2 * i], lat: decoded[2 * i + 1] }).toEqual(decode(c.digipin)));
    expect([...decoded.slice(-4)].every(Number.isNaN)).toBe(true);
  });

  it('throws E_BAD_BATCH for an odd-length coordinate batch', () => {
    expect(() => encodeMany(new Float64Array(3))).toThrow(expect.objectContaining({ code: 'E_BAD_BATCH' }));
  });
});
