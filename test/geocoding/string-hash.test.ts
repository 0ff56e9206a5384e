// The hash table must answer exactly as a scan of the list would: the first index of a value, or -1.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../bench/seeded.ts';
import { StringHash } from '../../src/geocoding/string-hash.ts';

const next = mulberry32(11);
const ALPHABET = ['a', 'b', 'z', '0', 'é', 'क', '\uffff'];
const text = (max: number) =>
  Array.from({ length: Math.floor(next() * max) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join('');

describe('StringHash', () => {
  // Short strings over a small alphabet: many repeats (the first index must win) and the empty string.
  const items = Array.from({ length: 20_000 }, () => text(7));
  const hash = new StringHash(items);

  it('finds each value at its first index in the list, as indexOf does', () => {
    for (const item of items) expect(hash.indexOf(item)).toBe(items.indexOf(item));
  });

  it('answers -1 for values the list does not hold', () => {
    for (let k = 0; k < 5000; k++) {
      const value = text(9);
      expect(hash.indexOf(value), JSON.stringify(value)).toBe(items.indexOf(value));
    }
    expect(new StringHash([]).indexOf('')).toBe(-1);
  });
});
