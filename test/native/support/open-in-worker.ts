// Worker-thread side of boundary-index-shared.test.ts: opens the boundary file it is given and reports what it sees.
import { parentPort, workerData } from 'node:worker_threads';
import { BoundaryIndex } from '../../../src/native/boundary-index.ts';

const { path, lonLat, body } = workerData as { path: string; lonLat: Float64Array; body?: string };
const index = BoundaryIndex.open(path);
// Single lookups go through this thread's own slot table; they must answer as the batch does.
const singles = Array.from({ length: lonLat.length / 2 }, (_v, i) => index.lookup(lonLat[2 * i + 1]!, lonLat[2 * i]!));
parentPort!.postMessage({
  instanceId: index.instanceId,
  handleCount: index.handleCount,
  ids: Array.from(index.lookupMany(lonLat)),
  singles,
  // Answered with the fragments another thread attached to this file, if it did.
  answer: body === undefined ? null : String(index.answerOne(Buffer.from(body))),
});
