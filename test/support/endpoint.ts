// Runs one request through an endpoint without a transport: admission from the head, then the body.
import type { Endpoint, Reply } from '../../src/http/pipeline.ts';
import type { RequestHead } from '../../src/http/request.ts';

export function headOf(method: string, path: string, fields: Partial<RequestHead> = {}): RequestHead {
  return {
    id: 't',
    receivedAt: Date.now(),
    method,
    path,
    query: '',
    headers: {},
    params: [],
    remoteIp: '127.0.0.1',
    ...fields,
  };
}

/** begin, then finish with `body` (or the refusal begin gave). */
export async function exchange(endpoint: Endpoint, head: RequestHead, body: string | Uint8Array = ''): Promise<Reply> {
  const admission = await endpoint.begin(head);
  if ('refusal' in admission) return admission.refusal;
  return endpoint.finish(head, admission, body);
}
