// The ODbL layer joins places.bin's id space once per process; another HTTP thread adopts that copy, in shared memory,
// and reads exactly the columns the merge made.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ODBL_LAYER, PlaceFile } from '../../src/geocoding/place-file.ts';
import { PlaceIndex } from '../../src/geocoding/place-index.ts';
import { mergeEntryColumns, readEntryColumns, type EntryColumns } from '../../src/geocoding/place-layer.ts';
import { adoptSharedColumns, mergedColumns, sharedColumns } from '../../src/geocoding/shared-columns.ts';
import { datasetDir } from '../support/dataset.ts';

const file = PlaceFile.open(join(datasetDir, 'places.bin'));
const layer = file.sibling(ODBL_LAYER);

describe.runIf(layer)('shared place columns', () => {
  it('puts the layer after the main entries, findable by its names, ranked within every list', () => {
    const main = readEntryColumns(file);
    const own = readEntryColumns(layer!);
    const index = new PlaceIndex(file);
    expect(index.size).toBe(main.kind.length + own.kind.length);
    expect(index.layerEntries).toBe(own.kind.length);
    // A layer entry's own name key leads back to it under its shifted id.
    for (const i of [0, Math.floor(own.kind.length / 2), own.kind.length - 1]) {
      const id = main.kind.length + i;
      const key = index.keyIndex(index.compact(id));
      expect(key).toBeGreaterThanOrEqual(0);
      expect([...index.keyEnt.subarray(index.keyAt[key], index.keyAt[key + 1])]).toContain(id);
      expect(index.name(id)).toBe(own.names.toString('utf8', own.nameAt[i], own.nameAt[i + 1]));
    }
    // Every key's entries stay in importance order, so a capped read keeps the best.
    for (let k = 0; k < index.keys.length; k += 97) {
      const ids = index.keyEnt.subarray(index.keyAt[k], index.keyAt[k + 1]);
      for (let j = 1; j < ids.length; j++)
        expect(index.importance[ids[j - 1]!]).toBeGreaterThanOrEqual(index.importance[ids[j]!]!);
    }
  });

  it('gives a thread that adopts the merged copy the same columns, over the same memory', () => {
    const made = mergeEntryColumns(readEntryColumns(file), readEntryColumns(layer!));
    mergedColumns(file, layer!);
    const entries = sharedColumns();
    expect(entries).toHaveLength(1);
    // What a new thread receives in its workerData: a structured clone, which keeps shared memory shared.
    const received = structuredClone(entries);
    adoptSharedColumns(received);
    const adopted = mergedColumns(file, layer!);
    for (const name of Object.keys(made) as Array<keyof EntryColumns>)
      expect(sameColumn(adopted[name], made[name]), name).toBe(true);
    expect(adopted.postings.buffer).toBeInstanceOf(SharedArrayBuffer);
    const [, original] = entries[0]!;
    const [, clone] = received[0]!;
    const before = original.numeric.kind as Uint8Array;
    const after = clone.numeric.kind as Uint8Array;
    after[0] = after[0]! ^ 1;
    expect(before[0]).toBe(after[0]);
    after[0] = after[0] ^ 1;
  });
});

/**
 * Whether two columns hold the same values: byte for byte for typed arrays, element by element for names (a deep
 * toEqual over these megabytes took 30 s).
 */
function sameColumn(a: EntryColumns[keyof EntryColumns], b: EntryColumns[keyof EntryColumns]): boolean {
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => v === b[i]);
  if (a.constructor !== b.constructor) return false;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}
