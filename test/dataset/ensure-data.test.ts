// ensureDataset reuses a current build and rebuilds when the manifest, an output or an input changes; the recorded
// size/mtime/inode fingerprint only decides whether the sha256 comparison is needed.
import { appendFileSync, copyFileSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FINGERPRINT_FILE } from '../../src/dataset/fingerprint.ts';
import { INPUT_FILES, sampleDir } from '../../src/dataset/paths.ts';
import { ensureDataset, staleReason } from '../../src/dataset/ensure.ts';
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

  it('records a fingerprint with the build and re-records it after a full check finds only touched files', async () => {
    const recorded = readFileSync(join(out, FINGERPRINT_FILE), 'utf8');
    expect(await staleReason(out, { input })).toBeNull();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(out, 'places.bin'), later, later);
    utimesSync(join(input, INPUT_FILES.states), later, later);
    expect(await staleReason(out, { input })).toBeNull();
    const rerecorded = readFileSync(join(out, FINGERPRINT_FILE), 'utf8');
    expect(rerecorded).not.toBe(recorded);
    writeFileSync(join(out, FINGERPRINT_FILE), 'not a fingerprint');
    expect(await staleReason(out, { input })).toBeNull();
    expect(readFileSync(join(out, FINGERPRINT_FILE), 'utf8')).toBe(rerecorded);
  });

  it('notices an input edited in place without changing its size', async () => {
    const path = join(input, INPUT_FILES.crosswalk);
    const bytes = readFileSync(path);
    const at = bytes.lastIndexOf(0x30); // a "0" digit
    bytes[at] = 0x31;
    writeFileSync(path, bytes);
    expect(await staleReason(out, { input })).toBe('the inputs changed');
    expect((await ensureDataset({ input, out, quiet: true })).rebuilt).toBe(true);
    expect(await staleReason(out, { input })).toBeNull();
  });

  it('rebuilds when boundaries.bin is of a format version the native core does not read', async () => {
    const path = join(out, 'boundaries.bin');
    const bytes = readFileSync(path);
    bytes.writeUInt32LE(1, 8);
    writeFileSync(path, bytes);
    expect(await staleReason(out, { input })).toMatch(/^boundaries\.bin no longer loads: Got v1, expected v\d+$/);
    expect((await ensureDataset({ input, out, quiet: true })).rebuilt).toBe(true);
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
