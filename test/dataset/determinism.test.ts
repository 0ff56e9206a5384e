// Two builds of the same input must be byte-identical: no timestamps, fixed insert order, stable JSON.
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildDataset } from '../../src/dataset/build.ts';
import { sampleDir } from '../../src/dataset/paths.ts';
import { sha256, tempDir } from './support.ts';

const first = tempDir('det-a');
const second = tempDir('det-b');

afterAll(() => {
  first.remove();
  second.remove();
});

it('produces byte-identical outputs when the sample is built twice', async () => {
  await buildDataset({ input: sampleDir, out: first.dir, quiet: true });
  await buildDataset({ input: sampleDir, out: second.dir, quiet: true });
  for (const name of ['boundaries.bin', 'gazetteer.sqlite', 'places.bin', 'manifest.json']) {
    expect(sha256(join(second.dir, name)), name).toBe(sha256(join(first.dir, name)));
  }
});
