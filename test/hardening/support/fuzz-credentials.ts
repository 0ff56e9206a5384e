// Credentials of fuzzed requests: the right one for each endpoint (key, buyer session, dashboard cookie and CSRF token), and the wrong ones auth mutations send.
import type { ConsoleLogin, Endpoint, Targets } from './endpoints.ts';
import type { Draft } from './fuzz-requests.ts';
import type { Rng } from './rng.ts';

const UNSAFE = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** The methods on which a dashboard cookie must come with the session's CSRF token. */
export function unsafe(method: string): boolean {
  return UNSAFE.has(method);
}

/**
 * Puts the endpoint's valid credential on `d`: a key or session header, or a signed-in dashboard cookie and CSRF token.
 * `viaCookie` chooses the way in of a route that takes either (drawn at random without it).
 */
export function signIn(rng: Rng, e: Endpoint, d: Draft, t: Targets, viaCookie?: boolean): void {
  // Merchant-key routes that also take the merchant dashboard's cookie get either, so both paths meet every mutation.
  const drawn = rng.next() < 0.5;
  d.login =
    e.auth === 'developer'
      ? t.developer
      : e.auth === 'merchant-user' || (e.cookieAlternative && (viaCookie ?? drawn))
        ? t.merchantUser
        : undefined;
  if (e.auth === 'v1') d.headers['x-api-key'] = t.v1Key;
  if (e.auth === 'merchant' && !d.login) d.headers['x-api-key'] = t.merchantKey;
  if (e.auth === 'session') d.headers['x-session-token'] = t.sessionToken;
  // Browsers send Origin on these routes; server-to-server callers do not. Both are allowed.
  if ((e.auth === 'session' || e.auth === 'body-merchant') && rng.next() < 0.5) d.headers.origin = t.origin;
  if (d.login) {
    d.cookie = d.login.cookie;
    if (unsafe(e.method)) d.headers['x-csrf-token'] = d.login.csrf;
  }
  // Browsers label their requests; the dashboard's own page is same-origin, a typed URL `none`. Other clients send nothing.
  if ((d.login || e.sameSiteOnly) && rng.next() < 0.5) d.headers['sec-fetch-site'] = rng.pick(['same-origin', 'none']);
}

/** A missing, wrong or misplaced credential. */
export function badAuth(rng: Rng, e: Endpoint, d: Draft, t: Targets): void {
  if (d.login) return badCookie(rng, d, d.login, t);
  if (e.auth === 'body-merchant') {
    const id = rng.pick<unknown>([
      t.missingId,
      rng.token('mer_'),
      "' OR 1=1 --",
      '',
      '😀',
      'x'.repeat(65),
      1e308,
      null,
      undefined,
      { $ne: null },
    ]);
    if (id === undefined) delete d.body!.merchant_id;
    else d.body!.merchant_id = id;
    return;
  }
  const header = e.auth === 'session' ? 'x-session-token' : 'x-api-key';
  const others = [t.v1Key, t.merchantKey, t.sessionToken].filter((k) => k !== d.headers[header]);
  const value = rng.pick<string | undefined>([
    undefined,
    '',
    ' ',
    'null',
    'undefined',
    "' OR 1=1 --",
    rng.token('gp_sk_'),
    rng.token('ck_'),
    rng.token('cst_'),
    'ÿþ',
    `Bearer ${rng.token('')}`,
    ...others,
  ]);
  if (value === undefined) delete d.headers[header];
  else d.headers[header] = value;
}

/** No cookie, a garbage one, another realm's, a buyer's checkout session token, or the right token under another name. */
function badCookie(rng: Rng, d: Draft, login: ConsoleLogin, t: Targets): void {
  const [name, token] = split(login.cookie);
  const [otherName, otherToken] = split((login === t.developer ? t.merchantUser : t.developer).cookie);
  const choice = rng.pick<string | undefined>([
    undefined,
    'buyer header',
    `${name}=`,
    `${name}=${rng.token(token.slice(0, 4))}`,
    `${name}=${token}x`,
    `${name}=${token.slice(0, -1)}`,
    `${name}=${t.sessionToken}`,
    `${name}=${otherToken}`,
    `${otherName}=${token}`,
    `${name.toUpperCase()}=${token}`,
    `x${name}=${token}`,
    `${name}=' OR 1=1 --`,
    `${name}=ÿþ`,
    `${name}=${t.merchantKey}`,
    `${name}=${t.v1Key}`,
    name,
    `${token}`,
    ';;;',
    `${name}="${token}"`,
  ]);
  d.cookie = choice === 'buyer header' ? undefined : choice;
  // A buyer's session token where the dashboard expects its cookie.
  if (choice === 'buyer header') d.headers['x-session-token'] = t.sessionToken;
}

/** An unsafe request without the session's CSRF token: none, another session's, or one that is almost right. */
export function badCsrf(rng: Rng, d: Draft, t: Targets): void {
  const login = d.login!;
  const other = login === t.developer ? t.merchantUser : t.developer;
  const value = rng.pick<string | undefined>([
    undefined,
    '',
    other.csrf,
    login.csrf.slice(0, -1),
    `${login.csrf}A`,
    flipFirst(login.csrf),
    split(login.cookie)[1],
    rng.token('').padEnd(43, 'A'),
    'ÿ'.repeat(43),
    "' OR 1=1 --",
    'null',
    `${login.csrf},${login.csrf}`,
  ]);
  if (value === undefined) delete d.headers['x-csrf-token'];
  else d.headers['x-csrf-token'] = value;
}

/** What a browser labels a request another site made (the Origin it sends with it too, half the time). */
export function crossSite(rng: Rng, d: Draft): void {
  d.headers['sec-fetch-site'] = rng.pick([
    'cross-site',
    'same-site',
    'CROSS-SITE',
    'Same-Origin',
    'ÿ',
    'cross-site, same-origin',
    'same-origin;',
  ]);
  if (rng.next() < 0.5)
    d.headers.origin = rng.pick(['https://evil.example', 'null', 'https://shop.example.evil.example']);
}

function split(cookie: string): [string, string] {
  const eq = cookie.indexOf('=');
  return [cookie.slice(0, eq), cookie.slice(eq + 1)];
}

function flipFirst(s: string): string {
  return (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
}
