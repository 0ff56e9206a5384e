// Broken inputs stop the build with an error naming the feature; degenerate holes are skipped and reported.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDataset } from '../../src/dataset/build.ts';
import { DataError } from '../../src/dataset/feature.ts';
import { sampleFeatures, tempDir, writeNdjson } from './support.ts';

const temp = tempDir('invalid');
let runs = 0;

afterAll(() => temp.remove());

type SampleFeature = Feature<Polygon | MultiPolygon, Record<string, string | null>>;

/** Three real single-polygon sample features (560001.., in order), deep-copied so each test can break one. */
function features(): SampleFeature[] {
  const polygons = sampleFeatures().filter(
    (f) => f.geometry.type === 'Polygon' && f.properties.pincode!.startsWith('5600'),
  );
  return structuredClone(polygons.slice(0, 3));
}

function outerRing(feature: SampleFeature): Position[] {
  return (feature.geometry as Polygon).coordinates[0]!;
}

/** Builds the given NDJSON lines in a fresh directory; returns the out dir. */
async function build(
  lines: (object | string)[],
): Promise<{ out: string; manifest: Awaited<ReturnType<typeof buildDataset>>['manifest'] }> {
  const dir = join(temp.dir, `case-${++runs}`);
  mkdirSync(dir);
  const out = join(dir, 'out');
  const { manifest } = await buildDataset({ input: writeNdjson(dir, lines), out, quiet: true });
  return { out, manifest };
}

async function expectFailure(lines: (object | string)[], message: RegExp): Promise<void> {
  const attempt = build(lines);
  await expect(attempt).rejects.toThrow(DataError);
  await expect(attempt).rejects.toThrow(message);
  expect(existsSync(join(temp.dir, `case-${runs}`, 'out', 'manifest.json'))).toBe(false);
}

describe('invalid boundary input', () => {
  it('rejects an outer ring with fewer than three distinct vertices, naming line and pincode', async () => {
    const input = features();
    const [a, b] = outerRing(input[1]!);
    (input[1]!.geometry as Polygon).coordinates[0] = [a!, b!, b!, a!];
    const pincode = input[1]!.properties.pincode;
    await expectFailure(
      input,
      new RegExp(`^line 2 \\(pincode ${pincode}\\) outer ring: degenerate ring with 2 distinct vertices`),
    );
  });

  it('rejects a non-finite coordinate (1e999 parses to Infinity)', async () => {
    const lines = features().map((f) => JSON.stringify(f));
    lines[2] = lines[2]!.replace(/\[\[\[(-?[\d.]+),/, '[[[1e999,');
    await expectFailure(lines, /^line 3 \(pincode \d{6}\) outer ring vertex 1: non-finite coordinate \[Infinity, /);
  });

  it('rejects a coordinate that is not a number', async () => {
    const input = features();
    outerRing(input[0]!)[4] = ['77.5', '12.9'] as unknown as Position;
    await expectFailure(
      input,
      /^line 1 \(pincode \d{6}\) outer ring vertex 5: non-finite coordinate \["77.5", "12.9"\]/,
    );
  });

  it('rejects geometry that is not a polygon', async () => {
    const input = features();
    (input[0] as unknown as Feature).geometry = { type: 'Point', coordinates: [77.5, 12.9] };
    await expectFailure(input, /^line 1 \(pincode \d{6}\): geometry type Point is not Polygon or MultiPolygon/);
  });

  it('rejects a feature without a pincode', async () => {
    const input = features();
    delete input[1]!.properties.pincode;
    await expectFailure(input, /^line 2: missing pincode/);
  });

  it('rejects a pincode that is not six digits', async () => {
    const input = features();
    input[2]!.properties.pincode = '56001';
    await expectFailure(input, /^line 3: pincode "56001" is not a 6-digit pincode/);
  });

  it('rejects a duplicate pincode, naming both lines', async () => {
    const input = features();
    input[2]!.properties.pincode = input[0]!.properties.pincode!;
    const pincode = input[0]!.properties.pincode;
    await expectFailure(
      input,
      new RegExp(`^line 3 \\(pincode ${pincode}\\): duplicate pincode, first seen at line 1 `),
    );
  });

  it('rejects a line that is not JSON', async () => {
    const lines: (object | string)[] = features();
    lines.splice(1, 0, '{"type": "Feature", ');
    await expectFailure(lines, /^line 2: invalid JSON/);
  });

  it('skips a degenerate hole and reports it in the manifest summary', async () => {
    const input = features();
    const [a, b] = outerRing(input[0]!);
    (input[0]!.geometry as Polygon).coordinates.push([a!, b!, a!]);
    const { manifest } = await build(input);
    expect(manifest.counts.holes).toBe(0);
    expect(manifest.summary.skipped).toEqual([
      {
        what: 'hole',
        where: `line 1 (pincode ${input[0]!.properties.pincode}) hole 1`,
        reason: 'degenerate ring with 2 distinct vertices (needs >= 3)',
      },
    ]);
  });

  it('reverses clockwise rings and counts the fix', async () => {
    const input = features();
    outerRing(input[0]!).reverse();
    const { manifest } = await build(input);
    expect(manifest.summary.fixed.outer_rings_reversed_to_ccw).toBe(1);
  });
});
