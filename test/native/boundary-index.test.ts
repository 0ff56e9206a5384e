// BoundaryIndex through the addon on small files the test writes: ids, edges, holes, batches, bad files.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GeoError } from '../../src/native/addon.ts';
import { writeBoundaryFile } from '../../src/native/boundary-file.ts';
import { BoundaryIndex } from '../../src/native/boundary-index.ts';
import { decode, encode } from '../../src/native/digipin.ts';

const dir = mkdtempSync(join(tmpdir(), 'boundary-index-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const e6 = (values: number[]) => values.map((v) => Math.round(v * 1e6));
const square = (x0: number, y0: number, x1: number, y1: number) => e6([x0, y0, x1, y0, x1, y1, x0, y1]);

/** Polygon 0: 77..78 x 12..13 with a hole 77.4..77.6 x 12.4..12.6; polygon 1: 78..79 x 12..13 (shares lon 78). */
function writeFixture(): string {
  const path = join(dir, 'fixture.bin');
  writeBoundaryFile(path, {
    polygonParts: Uint32Array.from([0, 1, 2]),
    partRings: Uint32Array.from([0, 2, 3]),
    ringVertices: Uint32Array.from([0, 4, 8, 12]),
    coordsE6: Int32Array.from([
      ...square(77, 12, 78, 13),
      ...square(77.4, 12.4, 77.6, 12.6),
      ...square(78, 12, 79, 13),
    ]),
  });
  return path;
}

describe('BoundaryIndex', () => {
  const index = BoundaryIndex.open(writeFixture());

  it('reports its size and native memory', () => {
    expect(index.size).toBe(2);
    expect(index.vertexCount).toBe(12);
    expect(index.memoryBytes).toBeGreaterThan(0);
  });

  it('finds the polygon, respects holes and misses outside', () => {
    expect(index.lookup(12.2, 77.2)).toBe(0);
    expect(index.lookup(12.5, 77.5)).toBe(-1);
    expect(index.lookup(12.5, 78.5)).toBe(1);
    expect(index.lookup(20, 77.5)).toBe(-1);
    expect(index.lookup(Number.NaN, 77.5)).toBe(-1);
  });

  it('gives a point on the shared edge to the eastern polygon', () => {
    expect(index.lookup(12.5, 78)).toBe(1);
  });

  it('answers a batch in one call, identical to single lookups', () => {
    const points = [77.2, 12.2, 77.5, 12.5, 78.5, 12.5, 78, 12.5, 0, 0];
    const ids = index.lookupMany(Float64Array.from(points));
    expect(ids).toBeInstanceOf(Int32Array);
    expect([...ids]).toEqual([0, -1, 1, 1, -1]);
    expect(() => index.lookupMany(new Float64Array(3))).toThrow(expect.objectContaining({ code: 'E_BAD_BATCH' }));
  });

  it('finds a DIGIPIN by its decoded cell centre, and an invalid code throws with a code', () => {
    const byGeopin = (code: string) => {
      const { lat, lon } = decode(code);
      return index.lookup(lat, lon);
    };
    expect(byGeopin(encode(12.2, 77.2))).toBe(0);
    expect(byGeopin(encode(12.5, 78.5).toLowerCase())).toBe(1);
    expect(byGeopin(encode(20, 77.5))).toBe(-1);
    expect(() => byGeopin('XYZ')).toThrow(expect.objectContaining({ code: 'E_INVALID_DIGIPIN' }));
  });

  it('rejects a file of another version, a corrupt file and a missing file with stable codes', () => {
    const good = readFileSync(join(dir, 'fixture.bin'));
    const otherVersion = Buffer.from(good);
    otherVersion.writeUInt32LE(99, 8);
    writeFileSync(join(dir, 'v99.bin'), otherVersion);
    expect(() => BoundaryIndex.open(join(dir, 'v99.bin'))).toThrow(
      new GeoError('E_VERSION_MISMATCH', 'Got v99, expected v2'),
    );
    const corrupt = Buffer.from(good);
    corrupt[corrupt.length - 1]! ^= 0xff;
    writeFileSync(join(dir, 'corrupt.bin'), corrupt);
    expect(() => BoundaryIndex.open(join(dir, 'corrupt.bin'))).toThrow(expect.objectContaining({ code: 'E_BAD_DATA' }));
    expect(() => BoundaryIndex.open(join(dir, 'missing.bin'))).toThrow(expect.objectContaining({ code: 'E_IO' }));
  });

  it('answers a single lookup body in one call once answers are attached, and declines what it does not read', () => {
    const fresh = BoundaryIndex.open(writeFixture());
    const body = Buffer.from('{"latitude":12.2,"longitude":78.5}');
    expect(fresh.answerOne(body)).toBeNull();
    const fragments = ['"pincode":"560001"', '"pincode":"560002"'];
    const ends = Uint32Array.from([fragments[0]!.length, fragments.join('').length]);
    fresh.attachAnswers(Buffer.from(fragments.join('')), ends);
    expect(JSON.parse(String(fresh.answerOne(body)))).toEqual({
      success: true,
      data: {
        pincode: '560002',
        coordinates: { latitude: 12.2, longitude: 78.5 },
        geopin: encode(12.2, 78.5),
      },
    });
    // Answers of one length share a view of the buffer: each is read before the next is written.
    expect(String(fresh.answerOne(Buffer.from('{"latitude":12.2,"longitude":77.2}')))).toContain('"560001"');
    expect(String(fresh.answerOne(Buffer.from('{"latitude":12.2,"longitude":78.2}')))).toContain('"560002"');
    for (const declined of ['{"latitude":12.5,"longitude":77.5}', '{"latitude":12.2}', '[12.2,78.5]', ''])
      expect(fresh.answerOne(Buffer.from(declined)), declined).toBeNull();
  });

  it('refuses to write inconsistent tables', () => {
    const bad = {
      polygonParts: Uint32Array.from([0, 1]),
      partRings: Uint32Array.from([0, 1]),
      ringVertices: Uint32Array.from([0, 2]),
      coordsE6: new Int32Array(4),
    };
    expect(() => writeBoundaryFile(join(dir, 'bad.bin'), bad)).toThrow(expect.objectContaining({ code: 'E_BAD_DATA' }));
  });
});
