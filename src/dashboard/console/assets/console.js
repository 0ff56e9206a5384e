// Browser helpers both dashboards share: DOM building without innerHTML, JSON calls with the CSRF header, the tab's
// owner.
import { formatNumber, setTimeZone, timeZone, zoneChoices } from '/console/format.js';

let csrfToken = '';
const signedOutHandlers = [];
const csrfRefusedHandlers = [];

/** Element builder: h('td', { class: 'num' }, 'text', child). Text is always set as text, never parsed as HTML. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith('on')) el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replaces the children of `el`. */
export function fill(el, ...children) {
  el.replaceChildren();
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) el.append(child);
}

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message ?? `HTTP ${status}`);
    this.status = status;
    this.code = body?.code ?? 'http_error';
    this.body = body;
  }
}

export function setCsrfToken(token) {
  csrfToken = token;
}

/** Called when a call answers 401: the session expired or was signed out elsewhere. */
export function onSignedOut(handler) {
  signedOutHandlers.push(handler);
}

/**
 * Called when a change is refused for its CSRF token: the cookie now belongs to a session signed in elsewhere. The
 * handler resolves 'same' when it took the token of the same person's new session: the change is then sent again.
 */
export function onCsrfRefused(handler) {
  csrfRefusedHandlers.push(handler);
}

/**
 * A same-origin JSON call; resolves with `data` (or the top-level fields of a `fields` reply). `signal` aborts it (the
 * promise then rejects with an AbortError).
 */
export async function api(method, path, body, { signal, again = false } = {}) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  const json = await res.json().catch((err) => {
    if (signal?.aborted) throw err;
    return null;
  });
  if (!res.ok || !json || json.success !== true) {
    const err = new ApiError(res.status, json);
    if (res.status === 401 && !path.includes('/sign-in/')) for (const handler of signedOutHandlers) handler(err);
    if (err.code === 'csrf_token_invalid' && csrfRefusedHandlers.length) {
      const verdicts = await Promise.all(csrfRefusedHandlers.map((handler) => handler(err)));
      // Only for the same person: a change meant for one account is never sent as another.
      if (!again && verdicts.every((v) => v === 'same')) return api(method, path, body, { signal, again: true });
    }
    throw err;
  }
  if ('data' in json) return json.data;
  const { success: _ignored, ...fields } = json;
  return fields;
}

/** Shows `text` in a live region (`kind`: info, ok, error). */
export function say(region, text, kind = 'info') {
  region.textContent = text;
  region.dataset.kind = kind;
}

export { formatNumber, formatPercent, formatTime, isolated, plural, rupees } from '/console/format.js';

/**
 * The Newer/Older buttons and "1–50 of 57" of a list `size` rows a page (elements `<prefix>-prev`, `-next`, `-page`):
 * the buttons move `offset` and call `reload`; `show(total, shown)` after each load sets the label and the buttons.
 */
export function pager(prefix, size, reload) {
  const prev = document.getElementById(`${prefix}-prev`);
  const next = document.getElementById(`${prefix}-next`);
  const label = document.getElementById(`${prefix}-page`);
  const state = {
    offset: 0,
    show(total, shown) {
      const last = Math.min(total, state.offset + shown);
      label.textContent =
        total === 0 ? '' : `${formatNumber(state.offset + 1)}–${formatNumber(last)} of ${formatNumber(total)}`;
      const pressed = document.activeElement;
      prev.disabled = state.offset === 0;
      next.disabled = last >= total;
      // On the first or last page the button pressed is disabled: the keyboard user stays on the other, not <body>.
      if (pressed === next && next.disabled && !prev.disabled) prev.focus();
      if (pressed === prev && prev.disabled && !next.disabled) next.focus();
    },
  };
  prev.addEventListener('click', () => {
    state.offset = Math.max(0, state.offset - size);
    reload();
  });
  next.addEventListener('click', () => {
    state.offset += size;
    reload();
  });
  return state;
}

/**
 * Offers the browser a file to save (a CSV export, an error file): text, or a Blob built a part at a time. A CSV file
 * opens with a byte-order mark: without it Excel reads UTF-8 as Windows-1252 ("₹" shows as "â‚¹").
 */
export function downloadFile(name, content, type = 'text/csv;charset=utf-8') {
  const blob = content instanceof Blob ? content : new Blob([content], { type });
  const marked = blob.type.startsWith('text/csv') ? new Blob(['\uFEFF', blob], { type: blob.type }) : blob;
  const url = URL.createObjectURL(marked);
  const link = h('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A button that copies `text`, with a fallback for browsers without the clipboard API. */
export function copyButton(text, label = 'Copy') {
  const button = h('button', { type: 'button', class: 'secondary small' }, label);
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Select and copy';
    }
    setTimeout(() => {
      button.textContent = label;
    }, 2000);
  });
  return button;
}

/** A <pre> code sample with its copy button. */
export function codeSample(title, text) {
  return h(
    'figure',
    { class: 'sample' },
    h('figcaption', {}, title, ' ', copyButton(text)),
    h('pre', { tabindex: '0' }, h('code', {}, text)),
  );
}

/** Who is signed in (from `${base}/session`), or null. */
export async function currentUser(base) {
  const session = await api('GET', `${base}/session`);
  if (!session.signed_in) return null;
  setCsrfToken(session.csrf_token);
  return session.user;
}

const TAB_USER = 'console.user';

/**
 * Marks the tab as `user`'s; what another person kept in it (their session ended without Sign out) is dropped. The
 * address stays: the person signing in may have followed a link to it.
 */
export function claimTab(user) {
  const before = sessionStorage.getItem(TAB_USER);
  if (before !== null && before !== user) sessionStorage.clear();
  sessionStorage.setItem(TAB_USER, user);
}

/** Drops what one person's work left in the tab (saved filters, the order open): the next to sign in sees none. */
export function forgetTab() {
  sessionStorage.clear();
  history.replaceState(null, '', location.pathname);
}

/**
 * The header's time-zone picker: IST by default. A change calls `redraw` to show every time in the new zone (what the
 * person chose and opened stays as it is); without one it reloads the page.
 */
export function wireTimeZone(select, redraw = null) {
  const current = timeZone();
  fill(
    select,
    ...zoneChoices().map(([zone, label]) => h('option', { value: zone, selected: zone === current }, label)),
  );
  select.addEventListener('change', () => {
    setTimeZone(select.value);
    if (redraw) redraw();
    else location.reload();
  });
}
