// The place index's lookups on the full dataset, against the plain computations they stand for.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlaceFile } from '../../src/geocoding/place-file.ts';
import { PlaceIndex } from '../../src/geocoding/place-index.ts';
import { datasetDir } from '../support/dataset.ts';

const index = new PlaceIndex(PlaceFile.open(join(datasetDir, 'places.bin')));

describe('PlaceIndex', () => {
  it("knows an entry's own name run together without building it, and nothing longer or shorter", () => {
    for (let id = 0; id < index.size; id += 37) {
      const own = index.compact(id);
      expect(index.namedExactly(id, own)).toBe(true);
      expect(index.namedExactly(id, `${own}a`)).toBe(false);
      expect(index.namedExactly(id, own.slice(0, -1))).toBe(own === '');
      // An alias key of the entry is not its own name.
      const other = index.keys[(id * 7919) % index.keys.length]!;
      expect(index.namedExactly(id, other)).toBe(other === own);
    }
  });

  it('finds every key and token at its index, and each key range holds exactly the keys with that start', () => {
    for (let k = 0; k < index.keys.length; k += 101) expect(index.keyIndex(index.keys[k]!)).toBe(k);
    for (let t = 0; t < index.vocab.length; t += 101) expect(index.tokenIndex(index.vocab[t]!)).toBe(t);
    expect(index.tokenIndex('koramangal')).toBe(-1);
    for (const prefix of ['kora', 'sector1', 'z', 'andheri', 'qqqq']) {
      const [lo, hi] = index.keyRange(prefix);
      expect(index.keys.slice(lo, hi)).toEqual(index.keys.filter((key) => key.startsWith(prefix)));
    }
  });
});
