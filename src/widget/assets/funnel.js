// Funnel events from each step, with the device type, platform and the page's UTM parameters, so the merchant's
// funnel report counts this checkout beside its sessions.

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];

/** mobile, tablet or desktop, as the checkout document names them: touch-first screens by width. */
export function deviceType(win = window) {
  const touch = win.matchMedia?.('(pointer: coarse)').matches ?? false;
  const mobileHint = win.navigator.userAgentData?.mobile;
  const width = Math.min(win.screen?.width ?? win.innerWidth, win.innerWidth);
  if (mobileHint === true || (touch && width < 768)) return 'mobile';
  if (touch && width < 1280) return 'tablet';
  return width < 600 ? 'mobile' : 'desktop';
}

/** UTM parameters: the element's utm-* attributes win, else the page address's query. */
export function utmOf(host, pageUrl = window.location.href) {
  const query = new URL(pageUrl).searchParams;
  const utm = {};
  for (const key of UTM_KEYS) {
    const value = host.getAttribute(key.replace('_', '-')) ?? query.get(key);
    if (value && value.trim()) utm[key] = value.trim().slice(0, 200);
  }
  return utm;
}

/** A tracker bound to one checkout: `track(event_type, step)`, with the session id once the buyer signed in. */
export function funnelTracker(api, utm) {
  const base = { device_type: deviceType(), platform: 'web', ...(Object.keys(utm).length ? { utm } : {}) };
  let sessionId = null;
  return {
    setSession(id) {
      sessionId = id;
    },
    track(eventType, step) {
      api.funnel({ ...base, event_type: eventType, step, ...(sessionId ? { session_id: sessionId } : {}) });
    },
  };
}
