// The byte-level JSON reader of hot routes: every number it takes is the one JSON.parse reads; it gives up on the rest.
import { describe, expect, it } from 'vitest';
import { JsonBytes, jsonPiece } from '../../src/http/json-bytes.ts';

/** mulberry32: the same "random" inputs on every run. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const bytes = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => new JsonBytes(bytes(text)).number();

/** Number texts as encoders and people write them: shortest forms, fixed decimals, long fractions, integers, edge digits. */
function numberText(random: () => number): string {
  const value = (random() - 0.5) * 10 ** Math.floor(random() * 8);
  switch (Math.floor(random() * 6)) {
    case 0: return String(value);
    case 1: return value.toFixed(Math.floor(random() * 18));
    case 2: return value.toPrecision(1 + Math.floor(random() * 21));
    case 3: return String(Math.round(value));
    case 4: return `${Math.floor(random() * 100)}.${'9'.repeat(1 + Math.floor(random() * 20))}`;
    default: return `${random() < 0.5 ? '-' : ''}${Math.floor(random() * 1e6)}.${String(Math.floor(random() * 1e12)).padStart(12, '0')}`;
  }
}

describe('JsonBytes.number', () => {
  it('reads exactly what JSON.parse reads, or gives up: 50,000 seeded number texts', () => {
    const random = seeded(15);
    let taken = 0;
    for (let n = 0; n < 50_000; n++) {
      const text = numberText(random);
      const fast = read(text);
      if (Number.isNaN(fast)) continue;
      taken++;
      expect(Object.is(fast, JSON.parse(text)), text).toBe(true);
    }
    // Most coordinates as clients send them are on the fast path.
    expect(taken).toBeGreaterThan(30_000);
  });

  it('reads the edges of the fast path exactly', () => {
    for (const text of ['0', '-0', '-0.0', '0.5', '9007199254740991', '900719925474099.1', '1.0000000000000002', '12.9716', '-180', '1.2345678901234567890123']) {
      const fast = read(text);
      if (!Number.isNaN(fast)) expect(Object.is(fast, JSON.parse(text)), text).toBe(true);
    }
    expect(read('9007199254740991')).toBe(9007199254740991);
    expect(Object.is(read('-0'), -0)).toBe(true);
  });

  it('gives up on what JSON.parse refuses or must decide itself', () => {
    for (const text of ['', '-', '+1', '01', '-01.5', '.5', '1.', '1e5', '1E-3', '9007199254740992', '1.00000000000000000000001', 'NaN', 'true', '"1"']) {
      expect(read(text), text).toBeNaN();
    }
  });
});

describe('JsonBytes.text and end', () => {
  it('matches fixed pieces across JSON whitespace and sees what is left', () => {
    const json = new JsonBytes(bytes(' \t{\r\n "a" :1 } \n'));
    expect([json.text(jsonPiece('{')), json.text(jsonPiece('"a"')), json.text(jsonPiece(':'))]).toEqual([true, true, true]);
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
