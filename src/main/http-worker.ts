// An HTTP worker thread: answers point lookups itself (shared native index, cached polygon answers, the shared burst
// limit) and hands every other request to the main thread, which owns the store, the checkout and background work. It
// loads no schemas (zod would cost each thread ~10 MiB): a lookup body its fast check refuses is checked on the main thread.
import { join } from 'node:path';
import { workerData } from 'node:worker_threads';
import { withClientErrors } from '../geocoding/client-errors.ts';
import { pointRoutes, SCHEMAS_ELSEWHERE } from '../geocoding/point-routes.ts';
import { PolygonAnswers } from '../geocoding/polygon-answers.ts';
import { listen } from '../http/listen.ts';
import { compileEndpoints, type Admission, type Elsewhere, type Endpoint, type Reply } from '../http/pipeline.ts';
import { toWire, type RequestHead } from '../http/request.ts';
import type { Authenticated } from '../http/route.ts';
import { createHttpApp } from '../http/server.ts';
import { systemClock } from '../kernel/clock.ts';
import type { DomainError } from '../kernel/errors.ts';
import { BoundaryIndex } from '../native/boundary-index.ts';
import { createLogger } from '../ops/logger.ts';
import { RequestStats } from '../ops/request-stats.ts';
import type { ApiKeyRecord } from '../platform/api-keys.ts';
import { createGate } from '../platform/gate.ts';
import { KeyCache, type KeySource } from '../platform/key-cache.ts';
import { RateLimiter } from '../platform/rate-limiter.ts';
import { UsageMeter, type UsageStore } from '../platform/usage-meter.ts';
import { ThreadRpc } from './thread-rpc.ts';
import { endpointKey, type RemoteEndpointInfo, type WorkerSetup } from './worker-setup.ts';

/** A worker's usage reaches the main thread's meter this often: the in-process over-admission bound. */
const USAGE_FLUSH_MS = 100;
/** Request counts and the node count are exchanged this often. */
const SYNC_MS = 1000;

async function main(setup: WorkerSetup): Promise<void> {
  const log = createLogger(setup.logLevel).child({ component: 'http-worker' });
  const rpc = new ThreadRpc(setup.rpcPort);
  const index = BoundaryIndex.open(join(setup.dataDir, 'boundaries.bin'));
  const locator = { lookup: (lat: number, lon: number) => index.lookup(lat, lon), lookupMany: (ll: Float64Array) => index.lookupMany(ll), answers: PolygonAnswers.fromShared(setup.answers) };
  const keySource: KeySource = {
    findByHash: (hash) => rpc.call<ApiKeyRecord | null>('findKey', hash),
    revokedSince: (since) => rpc.call<string[]>('revokedSince', since),
  };
  const usageStore: UsageStore = {
    add: (increments, daily) => rpc.call('usageAdd', increments, daily),
    used: (keyId, month) => rpc.call<number>('usageUsed', keyId, month),
    usedMany: (keyIds, month) => rpc.call<Map<number, number>>('usageUsedMany', keyIds, month),
  };
  const keys = new KeyCache(keySource, systemClock, log);
  const meter = new UsageMeter(usageStore, systemClock, log);
  let liveNodes = 1;
  const gate = createGate(keys, meter, new RateLimiter(setup.limiterMemory), systemClock, () => liveNodes);
  const batches: Array<[string, number]> = [];
  const onMain: Elsewhere = async (endpoint, head, granted, body) =>
    asReply(await rpc.call<Reply>('finishElsewhere', endpointKey(endpoint), toWire(head, false), granted, body));
  const routes = pointRoutes(locator, SCHEMAS_ELSEWHERE, (route, n) => batches.push([route, n])).map(withClientErrors);
  const local = compileEndpoints(routes, { api_key: gate }, log, onMain);
  const served = new Set(local.map(endpointKey));
  const remote = setup.endpoints.filter((e) => !served.has(e.key)).map((e) => remoteEndpoint(e, rpc));
  const stats = new RequestStats();
  const http = createHttpApp([...local, ...remote], { bodyBudgetBytes: setup.bodyBudgetBytes, trustProxyHops: setup.trustProxyHops, observe: (r, m, s, t) => stats.record(r, m, s, t) });
  keys.start();
  meter.start(USAGE_FLUSH_MS);
  const sync = setInterval(() => {
    rpc.notify('stats', stats.drain(), batches.splice(0));
    rpc.call<number>('liveNodes').then((n) => (liveNodes = n), () => undefined);
  }, SYNC_MS);
  const listening = await listen(http, setup.host, setup.port);
  rpc.handle('stop', async () => {
    // No new connections, then what was counted goes to the main thread before it writes its final counts.
    listening.close();
    http.close();
    clearInterval(sync);
    keys.stop();
    await meter.stop();
    rpc.notify('stats', stats.drain(), batches.splice(0));
  });
  await rpc.call('ready');
}

/** An endpoint answered by the main thread: the head goes first (credentials are checked before the body is read). */
function remoteEndpoint(info: RemoteEndpointInfo, rpc: ThreadRpc): Endpoint {
  // The grant is the request's number on the main thread, which keeps the real one until the body arrives.
  const begin = async (head: RequestHead): Promise<Admission> => {
    const id = ++requests;
    const refusal = await rpc.call<Reply | null>('begin', id, info.key, toWire(head, info.readsPeer));
    return refusal ? { refusal: asReply(refusal) } : { principal: id };
  };
  const finish = async (_head: RequestHead, granted: Authenticated, body: string) => asReply(await rpc.call<Reply>('finish', granted.principal, body));
  const reject = async (_head: RequestHead, granted: Authenticated, err: unknown) => {
    const e = err as DomainError;
    return asReply(await rpc.call<Reply>('reject', granted.principal, { kind: e.kind, code: e.code, message: e.message }));
  };
  const run = async (head: RequestHead, body: Promise<string>) => {
    const admission = await begin(head);
    if ('refusal' in admission) return admission.refusal;
    return body.then((raw) => finish(head, admission, raw), (err: unknown) => reject(head, admission, err));
  };
  // Every header goes to the main thread, which reads what its endpoint needs.
  return {
    method: info.method, path: info.path, routes: [], maxBodyBytes: info.maxBodyBytes, browser: info.browser, readsPeer: info.readsPeer, readsQuery: true, readsHeaders: null, readsBytes: false,
    begin, finish, reject, run,
  };
}

let requests = 0;

/** Buffers arrive as Uint8Array after a postMessage. */
function asReply(reply: Reply): Reply {
  const body = typeof reply.body === 'string' ? reply.body : Buffer.from(reply.body.buffer, reply.body.byteOffset, reply.body.byteLength);
  return { ...reply, body };
}

main(workerData as WorkerSetup).catch((err: unknown) => {
  console.error(`http worker failed: ${err instanceof Error ? err.stack : String(err)}`);
  process.exit(1);
});
