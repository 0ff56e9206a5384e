// The widget's calls: the documented buyer endpoints (merchant id, then session token) and the location API with the
// merchant's origin-bound public key; every failure becomes an ApiError carrying the server's code and issues.

export class ApiError extends Error {
  constructor(status, body) {
    super(
      body?.message ??
        (status === 0 ? 'Could not reach the checkout service: check your connection and try again' : `HTTP ${status}`),
    );
    this.status = status;
    this.code = body?.code ?? 'http_error';
    this.body = body ?? {};
    this.issues = body?.issues ?? [];
  }
}

/** Refusals that end a session for good: unknown or expired, paid, abandoned. The buyer signs in again. */
const SESSION_ENDED = new Set(['invalid_session', 'session_completed', 'session_abandoned']);

/** Whether `err` says the session token no longer opens a checkout. */
export const sessionEnded = (err) => SESSION_ENDED.has(err?.code);

/**
 * A client for one checkout: `base` is the service's address, the session token arrives with OTP verify;
 * `onSessionEnded(err)` runs when the server refuses the token for good.
 */
export function createApi({ base, merchantId, locationKey, onSessionEnded = () => undefined }) {
  let token = '';

  async function call(path, { method = 'POST', body, headers = {} } = {}) {
    const init = { method, headers: { ...headers }, mode: 'cors', credentials: 'omit' };
    if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(`${base}${path}`, init);
    } catch {
      throw new ApiError(0, null);
    }
    const json = await res.json().catch(() => null);
    if (!res.ok || json?.success === false) throw new ApiError(res.status, json);
    return json;
  }
  /** A call with the session token; a refusal that ends the session is reported before it is thrown. */
  async function withToken(path, init) {
    try {
      return await call(path, { ...init, headers: { 'x-session-token': token } });
    } catch (err) {
      if (sessionEnded(err)) onSessionEnded(err);
      throw err;
    }
  }
  const session = (path, body) => withToken(path, { body });

  return {
    setToken(value) {
      token = value;
    },
    config: async () =>
      (await call(`/widget/v1/config?merchant_id=${encodeURIComponent(merchantId)}`, { method: 'GET' })).data,
    otp: (body) => call('/checkout-email-otp', { body: { ...body, merchant_id: merchantId } }),
    /** Funnel events must never break the checkout: sent with keepalive, failures ignored. */
    funnel(body) {
      fetch(`${base}/checkout-funnel-events`, {
        method: 'POST',
        mode: 'cors',
        credentials: 'omit',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, merchant_id: merchantId }),
      }).catch(() => undefined);
    },
    /** An /checkout-addresses action; answers are {success, data}. */
    book: async (body) => (await session('/checkout-addresses', body)).data,
    /** A /checkout-payment action; answers carry their fields at the top level. */
    payment: (body) => session('/checkout-payment', body),
    offer: async () => (await withToken('/checkout-offers', { method: 'GET' })).data,
    /** A location API call with the public key; answers are {success, data}. */
    geo: async (path, body) =>
      (
        await call(path, {
          method: body === undefined ? 'GET' : 'POST',
          body,
          headers: { 'x-api-key': locationKey },
        })
      ).data,
  };
}
