// One loaded boundary index per process: the main thread and worker threads opening the same file share it.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { randomPoints } from '../../bench/seeded.ts';
import { native } from '../../src/native/addon.ts';
import { BoundaryIndex } from '../../src/native/boundary-index.ts';
import { datasetFile } from '../support/dataset.ts';

interface WorkerView {
  instanceId: number;
  handleCount: number;
  ids: number[];
  singles: number[];
  answer: string | null;
}

const dir = mkdtempSync(join(tmpdir(), 'boundary-shared-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A worker's entry can only be JavaScript: this one loads the TypeScript worker module through tsx. */
const boot = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(
  fileURLToPath(new URL('./support/open-in-worker.ts', import.meta.url)),
)}, ${JSON.stringify(import.meta.url)}));`;

/** Opens `path` in a new worker thread and resolves with what the worker saw (and its answer to `body`). */
function openInWorker(path: string, lonLat: Float64Array, body?: string): Promise<WorkerView> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(boot, { eval: true, workerData: { path, lonLat, body } });
    worker.once('message', (view: WorkerView) => {
      resolve(view);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('BoundaryIndex shared across threads', () => {
  const path = datasetFile('boundaries.bin');
  const points = randomPoints(2_000, 4242, 'lonLat');

  it('gives two worker threads the instance the main thread loaded, answering identically', async () => {
    const main = BoundaryIndex.open(path);
    const expected = Array.from(main.lookupMany(points));
    expect(expected.filter((id) => id >= 0).length).toBeGreaterThan(100);
    const [first, second] = await Promise.all([openInWorker(path, points), openInWorker(path, points)]);
    for (const view of [first, second]) {
      expect(view.instanceId).toBe(main.instanceId);
      expect(view.handleCount).toBeGreaterThanOrEqual(2);
      expect(view.ids).toEqual(expected);
      expect(view.singles).toEqual(expected);
    }
    const again = BoundaryIndex.open(path);
    expect(again.instanceId).toBe(main.instanceId);
    expect(again.handleCount).toBeGreaterThanOrEqual(2);
  });

  it("answers single lookups through each handle's slot, and refuses a slot no live handle holds", () => {
    const first = BoundaryIndex.open(path);
    const second = BoundaryIndex.open(path);
    const [lon, lat] = [77.5946, 12.9716];
    expect(first.lookup(lat, lon)).toBeGreaterThanOrEqual(0);
    expect(second.lookup(lat, lon)).toBe(first.lookup(lat, lon));
    expect(() => native.lookupIn(1_000_000, lat, lon)).toThrow(
      expect.objectContaining({
        code: 'E_INVALID_ARGUMENT',
        message: expect.stringMatching(/no open boundary index in slot 1000000/),
      }),
    );
    // Not a slot at all: refused, never read as slot 0.
    for (const slot of [Number.NaN, -1, 0.5, 2 ** 32]) {
      expect(() => native.lookupIn(slot, lat, lon), String(slot)).toThrow(
        expect.objectContaining({
          code: 'E_INVALID_ARGUMENT',
          message: expect.stringMatching(/slot .* is not a slot number/),
        }),
      );
    }
    expect(() => (native.lookupIn as (...args: unknown[]) => number)(first['slot' as never], '12.97', lon)).toThrow(
      expect.objectContaining({ code: 'E_INVALID_ARGUMENT', message: 'lookupIn(slot, lat, lon) takes three numbers' }),
    );
    expect(() => (native.lookupIn as (...args: unknown[]) => number)(0, 1)).toThrow(/takes three numbers/);
  });

  it('gives answers one thread attached to every handle of the file, in any thread, and to no other file', async () => {
    // A copy: its own instance, so that the made-up answers reach no other test's handles.
    const answered = join(dir, 'answered.bin');
    copyFileSync(path, answered);
    const main = BoundaryIndex.open(answered);
    const pincodes = Array.from({ length: main.size }, (_v, id) => `"pincode":"${String(id).padStart(6, '0')}"`);
    const ends = new Uint32Array(pincodes.length);
    pincodes.reduce((end, fragment, id) => (ends[id] = end + fragment.length), 0);
    main.attachAnswers(Buffer.from(pincodes.join('')), ends);
    const body = '{"latitude":12.9716,"longitude":77.5946}';
    const answer = String(main.answerOne(Buffer.from(body)));
    expect(answer).toContain(pincodes[main.lookup(12.9716, 77.5946)]!);
    expect((await openInWorker(answered, points.subarray(0, 2), body)).answer).toBe(answer);
    expect(BoundaryIndex.open(answered).hasAnswers).toBe(true);
    expect(BoundaryIndex.open(path).hasAnswers).toBe(false);
  });

  it('loads another file (even a copy of the same bytes) as its own instance', () => {
    const copy = join(dir, 'copy.bin');
    copyFileSync(path, copy);
    const original = BoundaryIndex.open(path);
    const other = BoundaryIndex.open(copy);
    expect(other.instanceId).not.toBe(original.instanceId);
    expect(Array.from(other.lookupMany(points))).toEqual(Array.from(original.lookupMany(points)));
  });
});
