// The dashboards' cookie, CSRF and configuration rules, and the headers every page is served with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearedCookie, cookieName, readCookie, sessionCookie } from '../../src/dashboard/console/cookies.ts';
import { assertCsrf, csrfTokenFor } from '../../src/dashboard/console/csrf.ts';
import type { RequestHead } from '../../src/http/request.ts';
import { loadConfig } from '../../src/main/config.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const head = (method: string, headers: Record<string, string> = {}): RequestHead => ({
  id: 't',
  receivedAt: Date.now(),
  method,
  path: '/x',
  query: '',
  headers,
  params: [],
  remoteIp: '127.0.0.1',
});

describe('session cookies', () => {
  it('are Secure with the __Host- prefix in production, httpOnly and SameSite=Strict always', () => {
    const production = { name: cookieName('gp_dashboard', true), secure: true };
    expect(sessionCookie(production, 'tok', 3600)).toBe(
      '__Host-gp_dashboard=tok; Path=/; Max-Age=3600; HttpOnly; SameSite=Strict; Secure',
    );
    expect(clearedCookie(production)).toBe(
      '__Host-gp_dashboard=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict; Secure',
    );
    expect(sessionCookie({ name: cookieName('gp_dashboard', false), secure: false }, 'tok', 60)).toBe(
      'gp_dashboard=tok; Path=/; Max-Age=60; HttpOnly; SameSite=Strict',
    );
  });

  it('are read by exact name from a Cookie header', () => {
    expect(readCookie('a=1; gp_merchant=m; gp_merchant_x=no', 'gp_merchant')).toBe('m');
    expect(readCookie('xgp_merchant=m', 'gp_merchant')).toBeUndefined();
    expect(readCookie(undefined, 'gp_merchant')).toBeUndefined();
  });

  it('follow the mode: production configuration gives Secure cookies, development plain ones', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).dashboard.secureCookies).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).dashboard.secureCookies).toBe(false);
    expect(loadConfig({ DASHBOARD_SESSION_HOURS: '2' }).dashboard.sessionTtlMs).toBe(7_200_000);
  });
});

describe('CSRF tokens', () => {
  it('differ per session and are needed on unsafe methods only', () => {
    expect(csrfTokenFor('a')).not.toBe(csrfTokenFor('b'));
    expect(() => assertCsrf(head('get'), 'a')).not.toThrow();
    expect(() => assertCsrf(head('post'), 'a')).toThrow('x-csrf-token');
    expect(() => assertCsrf(head('delete', { 'x-csrf-token': csrfTokenFor('b') }), 'a')).toThrow('x-csrf-token');
    expect(() => assertCsrf(head('patch', { 'x-csrf-token': csrfTokenFor('a') }), 'a')).not.toThrow();
  });
});

describe('DASHBOARD_ALLOWED_EMAILS', () => {
  it('is a comma-separated list, lower-cased; an entry that is not an email stops start-up', () => {
    expect(loadConfig({ DASHBOARD_ALLOWED_EMAILS: ' A@Example.in, b@x.co ,' }).dashboard.allowedEmails).toEqual([
      'a@example.in',
      'b@x.co',
    ]);
    expect(() => loadConfig({ DASHBOARD_ALLOWED_EMAILS: 'a@example.in, nope' })).toThrow('not an email: nope');
  });
});

describe('page headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.dispose());

  it('serve every dashboard page and script with a CSP that allows no inline code and no other origin', async () => {
    for (const path of [
      '/dashboard',
      '/merchant',
      '/docs',
      '/console/console.js',
      '/dashboard/assets/app.js',
      '/merchant/assets/imports.js',
      '/console/console.css',
    ]) {
      const res = await fetch(server.baseUrl + path);
      expect(res.status, path).toBe(200);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const html = await (await fetch(`${server.baseUrl}/merchant`)).text();
    expect(html).not.toMatch(/<script>|<script(?![^>]*\bsrc=)[^>]*>|\sstyle="|\son\w+="/);
  });
});
