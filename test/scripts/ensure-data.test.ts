// ensureDataset reuses a current build and rebuilds when the manifest, an output or an input changes.
import { appendFileSync, copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INPUT_FILES, sampleDir } from '../../scripts/data/paths.ts';
import { ensureDataset, staleReason } from '../../scripts/ensure-data.ts';
import { tempDir } from './support.ts';

const temp = tempDir('ensure');
const input = join(temp.dir, 'input');
const out = join(temp.dir, 'out');

afterAll(() => temp.remove());

describe('ensureDataset', () => {
  it('builds when there is no manifest, then reuses the build', async () => {
    mkdirSync(input);
    for (const name of Object.values(INPUT_FILES)) copyFileSync(join(sampleDir, name), join(input, name));
    const built = await ensureDataset({ input, out, quiet: true });
    expect(built.rebuilt).toBe(true);
    expect(built.outDir).toBe(out);
    const reused = await ensureDataset({ input, out, quiet: true });
    expect(reused.rebuilt).toBe(false);
    expect(reused.manifest).toEqual(built.manifest);
  });

  it('rebuilds when an output was modified', async () => {
    appendFileSync(join(out, 'gazetteer.sqlite'), 'x');
    expect(await staleReason(out, { input })).toBe('gazetteer.sqlite is missing or modified');
    expect((await ensureDataset({ input, out, quiet: true })).rebuilt).toBe(true);
  });

  it('rebuilds when an input changed', async () => {
    appendFileSync(join(input, INPUT_FILES.crosswalk), '\n');
    expect(await staleReason(out, { input })).toBe('the inputs changed');
    expect((await ensureDataset({ input, out, quiet: true })).rebuilt).toBe(true);
    expect(await staleReason(out, { input })).toBeNull();
  });

  it('rebuilds when the manifest is gone', async () => {
    rmSync(join(out, 'manifest.json'));
    expect(await staleReason(out, { input })).toBe('no manifest.json');
    expect((await ensureDataset({ input, out, quiet: true })).rebuilt).toBe(true);
  });
});
