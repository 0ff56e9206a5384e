// The hot lookups' own lane on the transport, beside the general route model: POST /v1/location/lookup and
// /batch-lookup each answered in one native call from the request's bytes to the answer's. A body it does not take, and
// every refusal, goes the general way (point-routes.ts), so both answer alike; lookup-lane.test.ts holds them to it.
import { JSON_ONLY, type Reply } from '../http/envelope.ts';
import type { Endpoint } from '../http/pipeline.ts';
import type { RequestHead } from '../http/request.ts';
import type { Authenticated } from '../http/route.ts';
import type { BoundaryIndex } from '../native/boundary-index.ts';
import type { BatchPayer } from './location-api.ts';
import type { PolygonAnswers } from './polygon-answers.ts';
import { BATCH_LOOKUP_PATH, LOOKUP_PATH } from './point-routes.ts';

export interface LookupLaneDeps {
  /** The general endpoints of both routes: they authenticate, and answer every body the lane does not take. */
  general: Endpoint[];
  /** The request headers the routes' authenticator reads (the lane captures only these). */
  authReads: readonly string[];
  /** The native index (opened when the lane is made). */
  index(): BoundaryIndex;
  answers: PolygonAnswers;
  onBatch(route: string, items: number): void;
}

const JSON_TYPE = JSON_ONLY['content-type']!;

/** The two lookup endpoints of the lane, to register on the transport in place of the general ones. */
export function lookupLane(d: LookupLaneDeps): Endpoint[] {
  const single = generalOf(d.general, LOOKUP_PATH);
  const batch = generalOf(d.general, BATCH_LOOKUP_PATH);
  const index = d.index();
  // The answers need every polygon's fragment in the addon: attached here (30-40 ms, by the first thread to make its
  // lane; the others share them), so that no buyer's first lookup waits for it.
  if (!index.hasAnswers) {
    const { bytes, ends } = d.answers.laidOut();
    index.attachAnswers(bytes, ends);
  }
  const lane = (general: Endpoint): Endpoint => ({
    ...general,
    capture: { headers: d.authReads, peer: false, query: false },
  });

  return [
    {
      ...lane(single),
      readsBytes: true,
      finish(head, granted, body) {
        const json = index.answerOne(typeof body === 'string' ? Buffer.from(body) : body);
        // Outside every polygon, or not plainly coordinates or a geopin: the general route words the answer or refusal.
        return json === null ? single.finish(head, granted, body) : answered(single, head, granted, json);
      },
    },
    {
      ...lane(batch),
      readsBytes: true,
      finish(head, granted, body) {
        const answer = index.answerBatch(typeof body === 'string' ? Buffer.from(body) : body);
        // Not plainly coordinates and geopins: the general route words the answer or the refusal.
        if (answer === null) return batch.finish(head, granted, body);
        let charged: void | Promise<void>;
        try {
          charged = (granted.principal as BatchPayer).charge(answer.items, head);
        } catch (err) {
          return batch.reject(head, granted, err);
        }
        const reply = (json: Buffer): Reply | Promise<Reply> => {
          d.onBatch(BATCH_LOOKUP_PATH, answer.items);
          return answered(batch, head, granted, json);
        };
        if (!(charged instanceof Promise)) return reply(answer.json);
        // The answer is a view of a buffer the next batch rewrites: a charge that waits keeps a copy.
        const json = Buffer.from(answer.json);
        return charged.then(
          () => reply(json),
          (err: unknown) => batch.reject(head, granted, err),
        );
      },
    },
  ];
}

function generalOf(general: Endpoint[], path: string): Endpoint {
  const found = general.find((e) => e.method === 'post' && e.path === path);
  if (!found) throw new Error(`lookup lane: no general endpoint for POST ${path}`);
  return found;
}

/**
 * A 200 as the general route writes it (the grant's headers after the JSON type), once the grant heard it was answered;
 * the grant's refusal (the quota's last request gone) as the general route words it.
 */
function answered(general: Endpoint, head: RequestHead, granted: Authenticated, json: Buffer): Reply | Promise<Reply> {
  const counted = granted.answered?.(head);
  if (!(counted instanceof Promise)) return ok(granted, json);
  // The answer is a view of a buffer the next lookup rewrites: a count that waits keeps a copy.
  const kept = Buffer.from(json);
  return counted.then(
    () => ok(granted, kept),
    (err: unknown) => general.reject(head, granted, err),
  );
}

function ok(granted: Authenticated, body: Buffer): Reply {
  return {
    status: 200,
    headers: granted.headers ? { 'content-type': JSON_TYPE, ...granted.headers } : JSON_ONLY,
    body,
  };
}
