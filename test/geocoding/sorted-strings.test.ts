// Searching by packed starts must give exactly a plain binary search's answers, whatever the strings.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../bench/seeded.ts';
import { lowerBound, SortedStrings } from '../../src/geocoding/sorted-strings.ts';

const next = mulberry32(5);
const text = (alphabet: string[], max: number) =>
  Array.from({ length: Math.floor(next() * max) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');

describe.each([
  // Keys as the place index has them (packed), then a list with characters outside the packing (strings only).
  { list: 'keys', items: ['a', 'b', 'z', '0', '9'], values: ['a', 'b', 'z', '0', '9', 'A', ' ', 'é', '\uffff'] },
  { list: 'any text', items: ['a', 'z', '0', '\x00', '\x7f', 'é', 'क'], values: ['a', 'z', '\x80', 'é', '\uffff'] },
])('SortedStrings over $list', ({ items: alphabet, values }) => {
  // Lengths up to 8: past the five packed characters, ties are settled by comparing strings.
  const items = [...new Set(Array.from({ length: 4000 }, () => text(alphabet, 9)))].sort();
  const sorted = new SortedStrings(items);

  it('finds where any value sorts as a whole-list binary search does', () => {
    for (let k = 0; k < 8000; k++) {
      const value = k % 4 === 0 ? text(values, 9) : text(alphabet, 9);
      expect(sorted.lowerBound(value), JSON.stringify(value)).toBe(lowerBound(items, value, 0, items.length));
    }
  });

  it('finds each item at its own index, and a missing value nowhere', () => {
    items.forEach((item, i) => expect(sorted.indexOf(item)).toBe(i));
    expect(sorted.indexOf('zzzzzzzzzzz')).toBe(-1);
  });

  it("gives every two-character prefix's range (read off a table) as the items that start with it", () => {
    for (const a of values) {
      for (const b of values) {
        const [lo, hi] = sorted.range(a + b);
        expect(items.slice(lo, hi), a + b).toEqual(items.filter((x) => x.startsWith(a + b)));
      }
    }
  });

  it("gives a prefix's range as the items that start with it", () => {
    for (let k = 0; k < 300; k++) {
      const prefix = text(alphabet, 7);
      const [lo, hi] = sorted.range(prefix);
      expect(items.slice(lo, hi), prefix).toEqual(items.filter((x) => x.startsWith(prefix)));
    }
  });
});
