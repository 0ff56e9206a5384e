// The dashboards' own JSON routes in the fuzz catalogue: sign-in, session and sign-out of both, the developer's keys and usage.
import type { Auth, Draft, Targets } from './endpoints.ts';

/** Past 2^31 - 1 names no key: PostgreSQL's `integer` would fail on it in a query. */
const KEY_ID_JUNK = [
  '',
  '0',
  '-1',
  '01',
  '1.5',
  '1e3',
  'NaN',
  '0x10',
  '2147483648',
  '9999999999',
  '12345678901',
  "' OR 1=1 --",
  '😀',
  '1\u0000',
  'x'.repeat(3000),
];
const MONTH_JUNK = [
  '',
  '2024-13',
  '2024-00',
  '2024-1',
  '202401',
  '2024-01-01',
  'NaN',
  '9999-99',
  "' OR 1=1 --",
  '😀',
  '２０２４-０１',
  'x'.repeat(3000),
];

/**
 * Sign-in bodies name the signed-in users' emails, each of which holds a live code (see the test's setup): a refusal
 * that let a request through to the code check would count a wrong code, and the store snapshot would show it.
 */
function consoleEndpoints(base: '/dashboard/api' | '/merchant/api', auth: Auth, email: string): Draft[] {
  const post = (what: string, body: Record<string, unknown>, required: string[]): Draft => ({
    name: `${base} ${what}`,
    method: 'POST',
    path: `${base}/${what}`,
    auth: 'public',
    sameSiteOnly: true,
    body,
    required,
    strict: true,
  });
  return [
    // A refused cookie is "signed out" (200), a cross-site request a 403: answered, whatever is sent.
    { name: `${base} session`, method: 'GET', path: `${base}/session`, auth, answers: true, readOnly: true },
    post('sign-in/code', { email }, ['email']),
    post('sign-in/verify', { email, code: '123456' }, ['email', 'code']),
    { name: `${base} sign-out`, method: 'POST', path: `${base}/sign-out`, auth },
    // No printed link is live during the run: every token, valid in shape or not, is refused (400 or 401).
    {
      name: `${base} sign-in/link`,
      method: 'GET',
      path: `${base}/sign-in/link`,
      auth: 'public',
      readOnly: true,
      requiredQuery: ['token'],
      query: { token: { valid: 'gpl_not_a_printed_link', junk: ['', ' ', 'x'.repeat(200)] } },
    },
    post('sign-in/link', { token: 'gpl_not_a_printed_link' }, ['token']),
  ];
}

export function dashboardEndpoints(t: Targets): Draft[] {
  const developer = (e: Omit<Draft, 'auth'>): Draft => ({ auth: 'developer', ...e });
  return [
    ...consoleEndpoints('/dashboard/api', 'developer', t.developer.email),
    ...consoleEndpoints('/merchant/api', 'merchant-user', t.merchantUser.email),
    developer({ name: 'dashboard keys', method: 'GET', path: '/dashboard/api/keys', readOnly: true }),
    { name: 'merchant keys', method: 'GET', path: '/merchant/api/keys', auth: 'merchant-user', readOnly: true },
    // A request that got past a refusal would rotate the fuzz merchant's key, and the store snapshot would show it.
    {
      name: 'merchant rotate key',
      method: 'POST',
      path: '/merchant/api/keys/rotate',
      auth: 'merchant-user',
      strict: true,
      emptyOk: true,
      body: { overlap_hours: 24 },
    },
    developer({
      name: 'dashboard create key',
      method: 'POST',
      path: '/dashboard/api/keys',
      strict: true,
      // A public key without origins is refused, so allowed_origins is required too.
      body: { type: 'public', label: 'fuzz', allowed_origins: ['https://app.example'] },
      required: ['type', 'allowed_origins'],
    }),
    // The developer's own active key: a request that got past a refusal would revoke it, and the snapshot would show it.
    developer({
      name: 'dashboard revoke key',
      method: 'DELETE',
      path: `/dashboard/api/keys/${t.developerKeyId}`,
      route: '/dashboard/api/keys/{id}',
      pathParam: true,
    }),
    developer({
      name: 'dashboard key requests',
      method: 'GET',
      path: `/dashboard/api/keys/${t.developerKeyId}/requests`,
      route: '/dashboard/api/keys/{id}/requests',
      readOnly: true,
    }),
    developer({
      name: 'dashboard usage',
      method: 'GET',
      path: '/dashboard/api/usage',
      readOnly: true,
      requiredQuery: ['key_id'],
      query: {
        key_id: { valid: String(t.developerKeyId), junk: [...KEY_ID_JUNK, String(t.foreignKeyId)] },
        month: { valid: '2024-02', junk: MONTH_JUNK },
      },
    }),
  ];
}
