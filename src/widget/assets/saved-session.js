// The buyer's sign-in kept for this browser tab (sessionStorage, one key per merchant), so a reload or the phone's Back
// and Forward resume the checkout at the address step without a new code. docs/widget.md weighs what that exposes.

/** A session left this long without a step is not resumed: on a shared phone the next user finds the sign-in. */
export const IDLE_MS = 30 * 60_000;

/** This tab's sessionStorage, or null where the page may not use it (a sandboxed frame, storage turned off). */
function tabStorage() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * `load()`, `dropped()`, `save(session, email)`, `touch()` after each step, `keepPayment(received)`, `clear()`; a
 * storage that fails keeps nothing.
 */
export function savedSession(merchantId, { storage = tabStorage(), now = Date.now } = {}) {
  const key = `geopin-checkout:${merchantId}`;
  const read = () => {
    try {
      return JSON.parse(storage?.getItem(key) ?? 'null');
    } catch {
      return null;
    }
  };
  const write = (value) => {
    try {
      storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Full or refused: the checkout works on, it only cannot resume after a reload.
    }
  };
  const clear = () => {
    try {
      storage?.removeItem(key);
    } catch {
      // Nothing was kept.
    }
  };
  let dropped = false;
  return {
    /** The kept session, unless it has expired or lain idle too long (then it is dropped). */
    load() {
      const saved = read();
      if (!saved?.session_token) return null;
      if (!(Date.parse(saved.expires_at) > now()) || !(now() - saved.at < IDLE_MS))
        return ((dropped = true), clear(), null);
      return saved;
    },
    /** True when load() dropped a session that had lain idle or expired: the buyer is told why they sign in again. */
    dropped: () => dropped,
    /** Keeps `session` (OTP verify's answer) and the email it was opened with. */
    save(session, email) {
      const { session_token, session_id, buyer_id, expires_at } = session;
      write({ session_token, session_id, buyer_id, expires_at, email, at: now() });
    },
    /** A payment the gateway reported for this tab: a reload confirms it rather than offer another way to pay. */
    keepPayment(received) {
      const saved = read();
      if (saved) write({ ...saved, payments: [...(saved.payments ?? []), received], at: now() });
    },
    /** The buyer took a step: the idle time starts again. */
    touch() {
      const saved = read();
      if (saved) write({ ...saved, at: now() });
    },
    clear,
  };
}
