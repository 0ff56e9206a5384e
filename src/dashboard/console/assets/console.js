// Browser helpers both dashboards share: DOM building without innerHTML, JSON calls with the CSRF header, the sign-in form.

let csrfToken = '';
const signedOutHandlers = [];

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

/** A same-origin JSON call; resolves with `data` (or the top-level fields of a `fields` reply). */
export async function api(method, path, body) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const json = await res.json().catch(() => null);
  if (!res.ok || !json || json.success !== true) {
    const err = new ApiError(res.status, json);
    if (res.status === 401 && !path.includes('/sign-in/')) for (const handler of signedOutHandlers) handler(err);
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

const numberFormat = new Intl.NumberFormat('en-IN');
export const formatNumber = (n) => (n === null || n === undefined ? '—' : numberFormat.format(n));
export const formatPercent = (ratio) => (ratio === null || ratio === undefined ? '—' : `${(ratio * 100).toFixed(1)}%`);
export const rupees = (paise) => (paise === null || paise === undefined ? '—' : `₹${numberFormat.format(paise / 100)}`);
export function formatTime(iso) {
  if (!iso) return '—';
  const d = new Date(iso);
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
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

/**
 * The email-code sign-in of a dashboard: #sign-in-email form, then #sign-in-code form. Resolves once signed in with
 * the CSRF token set.
 */
export function signIn(base) {
  const emailForm = document.getElementById('sign-in-email');
  const codeForm = document.getElementById('sign-in-code');
  const status = document.getElementById('sign-in-status');
  let email = '';
  return new Promise((resolve) => {
    emailForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      email = emailForm.elements.email.value.trim();
      say(status, 'Sending a code…');
      try {
        const { message } = await api('POST', `${base}/sign-in/code`, { email });
        say(status, `${message}. Enter the 6-digit code from the email.`, 'ok');
        codeForm.hidden = false;
        codeForm.elements.code.focus();
      } catch (err) {
        say(status, err.message, 'error');
      }
    });
    codeForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      say(status, 'Checking the code…');
      try {
        const { csrf_token } = await api('POST', `${base}/sign-in/verify`, {
          email,
          code: codeForm.elements.code.value.trim(),
        });
        setCsrfToken(csrf_token);
        say(status, '');
        codeForm.reset();
        resolve();
      } catch (err) {
        const left = err.body?.attempts_remaining;
        say(status, left === undefined ? err.message : `${err.message} (${left} attempts left)`, 'error');
      }
    });
  });
}

/** Who is signed in (from `${base}/session`), or null. */
export async function currentUser(base) {
  const session = await api('GET', `${base}/session`);
  if (!session.signed_in) return null;
  setCsrfToken(session.csrf_token);
  return session.user;
}

/** Wires the sign-out button: ends the session, then reloads into the sign-in form. */
export function wireSignOut(base) {
  document.getElementById('sign-out').addEventListener('click', async () => {
    await api('POST', `${base}/sign-out`).catch(() => undefined);
    location.reload();
  });
}

/** Shows the app or the sign-in form. */
export function showSignedIn(signedIn) {
  document.getElementById('sign-in').hidden = signedIn;
  document.getElementById('app').hidden = !signedIn;
  document.getElementById('account').hidden = !signedIn;
}
