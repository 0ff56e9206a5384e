// places.bin container: sections round-trip, and a wrong magic or version is refused with the versions named.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PLACE_FORMAT_VERSION, PlaceFile, writePlaceFile } from '../../src/geocoding/place-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'places-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('places.bin', () => {
  it('round-trips typed arrays, text and JSON sections, aligned for in-place views', () => {
    const path = join(dir, 'a.bin');
    writePlaceFile(path, {
      n: Uint32Array.of(1, 2, 3),
      x: Float64Array.of(1.5, -2),
      names: 'a\nbé\nc',
      meta: { k: [1, 2] },
      b: Uint8Array.of(7),
    });
    const f = PlaceFile.open(path);
    expect([...f.u32('n')]).toEqual([1, 2, 3]);
    expect([...f.f64('x')]).toEqual([1.5, -2]);
    expect(f.lines('names')).toEqual(['a', 'bé', 'c']);
    expect(f.json('meta')).toEqual({ k: [1, 2] });
    expect([...f.u8('b')]).toEqual([7]);
    expect(() => f.u16('n')).toThrow(/is u32, expected u16/);
  });

  it('refuses another version or a foreign file', () => {
    const path = join(dir, 'b.bin');
    writePlaceFile(path, { n: Uint32Array.of(1) });
    const bytes = readFileSync(path);
    bytes.writeUInt32LE(PLACE_FORMAT_VERSION + 1, 8);
    writeFileSync(path, bytes);
    expect(() => PlaceFile.open(path)).toThrow(`Got v${PLACE_FORMAT_VERSION + 1}, expected v${PLACE_FORMAT_VERSION}`);
    writeFileSync(path, 'not a places file at all');
    expect(() => PlaceFile.open(path)).toThrow(/not a places.bin file/);
  });
});
