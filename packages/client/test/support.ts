// Test support: a fetch that records every request the clients make, on top of the real one.

export interface Sent {
  method: string;
  url: URL;
  body: any;
  status: number;
  requestId: string | null;
}

/** A fetch for ClientOptions.fetch that passes through to the real one and keeps what went out and came back. */
export function recordingFetch(): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const recording: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    sent.push({
      method: init?.method ?? 'GET',
      url: new URL(input instanceof Request ? input.url : input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      status: res.status,
      requestId: res.headers.get('x-request-id'),
    });
    return res;
  };
  return { fetch: recording, sent };
}

/** What `promise` rejected with (fails the test if it resolved). */
export async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}
