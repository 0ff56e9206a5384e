// The byte-level JSON reader of hot routes: every number it reads is the one JSON.parse reads; it refuses what JSON refuses.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../bench/seeded.ts';
import { JsonBytes, jsonPiece } from '../../src/geocoding/json-bytes.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => new JsonBytes(bytes(text)).number();

/** Number texts as encoders and people write them: shortest forms, fixed decimals, long fractions, integers, edge digits. */
function numberText(random: () => number): string {
  const value = (random() - 0.5) * 10 ** Math.floor(random() * 8);
  switch (Math.floor(random() * 6)) {
    case 0:
      return String(value);
    case 1:
      return value.toFixed(Math.floor(random() * 18));
    case 2:
      return value.toPrecision(1 + Math.floor(random() * 21));
    case 3:
      return String(Math.round(value));
    case 4:
      return `${Math.floor(random() * 100)}.${'9'.repeat(1 + Math.floor(random() * 20))}`;
    default:
      return `${random() < 0.5 ? '-' : ''}${Math.floor(random() * 1e6)}.${String(Math.floor(random() * 1e12)).padStart(12, '0')}`;
  }
}

describe('JsonBytes.number', () => {
  it('reads exactly what JSON.parse reads: 50,000 seeded number texts, long and short', () => {
    const random = mulberry32(15);
    for (let n = 0; n < 50_000; n++) {
      const text = numberText(random);
      expect(Object.is(read(text), JSON.parse(text)), text).toBe(true);
    }
  });

  it('reads the edges of the exact fast path and beyond it the same way', () => {
    const texts = [
      '0',
      '-0',
      '-0.0',
      '0.5',
      '9007199254740991',
      '9007199254740992',
      '9007199254740993',
      '900719925474099.1',
      '1.0000000000000002',
      '12.9716',
      '-180',
      '1.2345678901234567890123',
      '1e5',
      '1E-3',
      '-2.5e+10',
      '1e400',
      '4.9e-324',
      '0.1000000000000000055511151231257827',
    ];
    for (const text of texts) expect(Object.is(read(text), JSON.parse(text)), text).toBe(true);
  });

  it('refuses what JSON does not allow as a number', () => {
    for (const text of [
      '',
      '-',
      '+1',
      '01',
      '-01.5',
      '.5',
      '1.',
      '1e',
      '1e+',
      '1.e5',
      'NaN',
      'true',
      '"1"',
      'Infinity',
    ]) {
      expect(read(text), text).toBeNaN();
    }
  });
});

describe('JsonBytes.text and end', () => {
  it('matches fixed pieces across JSON whitespace and sees what is left', () => {
    const json = new JsonBytes(bytes(' \t{\r\n "a" :1 } \n'));
    expect([json.text(jsonPiece('{')), json.text(jsonPiece('"a"')), json.text(jsonPiece(':'))]).toEqual([
      true,
      true,
      true,
    ]);
    expect(json.number()).toBe(1);
    expect(json.end()).toBe(false);
    expect([json.text(jsonPiece('}')), json.end()]).toEqual([true, true]);
  });

  it('refuses a piece that differs or runs past the end', () => {
    const json = new JsonBytes(bytes('{"lat'));
    expect(json.text(jsonPiece('{"latitude"'))).toBe(false);
    expect(json.text(jsonPiece('{"lon'))).toBe(false);
    expect(json.text(jsonPiece('{"lat'))).toBe(true);
  });
});
