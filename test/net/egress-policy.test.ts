// The save-time URL check and the policy read from the environment.
import { describe, expect, it } from 'vitest';
import { checkUrl, loadEgressPolicy, PRODUCTION_EGRESS, type EgressPolicy } from '../../src/net/egress-policy.ts';

const dev: EgressPolicy = { devMode: true, allowedPorts: [443] };

describe('checkUrl', () => {
  it('accepts https on 443 to a public name or address', () => {
    for (const url of [
      'https://hooks.shop.example/webhooks',
      'https://hooks.shop.example:443/x?y=1',
      'https://8.8.8.8/',
      'https://[2606:4700::1111]/',
    ]) {
      expect(checkUrl(url, PRODUCTION_EGRESS), url).toBeNull();
    }
  });

  it("refuses the probe's URLs in production", () => {
    expect(checkUrl('https://vm:18834/hook', PRODUCTION_EGRESS)).toBe('blocked_port');
    expect(checkUrl('https://vm/hook', PRODUCTION_EGRESS)).toBe('blocked_address');
    expect(checkUrl('https://[::7f00:1]/', PRODUCTION_EGRESS)).toBe('blocked_address');
    expect(checkUrl('https://[64:ff9b::7f00:1]/', PRODUCTION_EGRESS)).toBe('blocked_address');
    // Names such as localtest.me and 127.0.0.1.nip.io look public; only resolution at send time catches them.
    expect(checkUrl('https://localtest.me/', PRODUCTION_EGRESS)).toBeNull();
  });

  it('refuses loopback, private and metadata literals in every spelling URL parsing accepts', () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://0177.0.0.1/',
      'https://127.1/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://10.0.0.1/',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/',
      'https://0.0.0.0/',
    ]) {
      expect(checkUrl(url, PRODUCTION_EGRESS), url).toBe('blocked_address');
    }
  });

  it('refuses local-only and single-label names', () => {
    for (const url of [
      'https://localhost/',
      'https://api.localhost/',
      'https://printer.local/',
      'https://db.internal/',
      'https://router.home.arpa/',
      'https://intranet/',
      'https://localhost./',
    ]) {
      expect(checkUrl(url, PRODUCTION_EGRESS), url).toBe('blocked_address');
    }
  });

  it('refuses http, other schemes, credentials and unparsable text', () => {
    expect(checkUrl('http://hooks.shop.example/', PRODUCTION_EGRESS)).toBe('blocked_scheme');
    for (const url of [
      'not a url',
      '',
      'ftp://hooks.shop.example/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://user:pw@hooks.shop.example/',
      'https://:pw@hooks.shop.example/',
      'https://',
    ]) {
      expect(checkUrl(url, PRODUCTION_EGRESS), url).toBe('bad_url');
    }
  });

  it('allows only the configured ports', () => {
    expect(checkUrl('https://hooks.shop.example:8443/', PRODUCTION_EGRESS)).toBe('blocked_port');
    expect(checkUrl('https://hooks.shop.example:8443/', { devMode: false, allowedPorts: [443, 8443] })).toBeNull();
    expect(checkUrl('https://hooks.shop.example/', { devMode: false, allowedPorts: [8443] })).toBe('blocked_port');
  });

  it('in dev mode also accepts http and any port for localhost and loopback literals, and nothing else extra', () => {
    for (const url of [
      'http://localhost:3000/hook',
      'http://127.0.0.1:9/',
      'http://[::1]:8080/',
      'https://127.0.0.2:1/',
    ])
      expect(checkUrl(url, dev), url).toBeNull();
    expect(checkUrl('http://hooks.shop.example/', dev)).toBe('blocked_scheme');
    expect(checkUrl('https://10.0.0.1/', dev)).toBe('blocked_address');
    expect(checkUrl('https://printer.local/', dev)).toBe('blocked_address');
    // A URL saved in dev mode is refused once the server runs in production.
    expect(checkUrl('http://127.0.0.1:3000/hook', PRODUCTION_EGRESS)).toBe('blocked_scheme');
  });
});

describe('loadEgressPolicy', () => {
  it('defaults to production: no dev mode, port 443 only', () => {
    expect(loadEgressPolicy({})).toEqual({ devMode: false, allowedPorts: [443] });
    expect(loadEgressPolicy({ NODE_ENV: 'staging' }).devMode).toBe(false);
  });

  it('follows the server: dev mode for NODE_ENV development or test', () => {
    expect(loadEgressPolicy({ NODE_ENV: 'development' }).devMode).toBe(true);
    expect(loadEgressPolicy({ NODE_ENV: 'test' }).devMode).toBe(true);
  });

  it('reads EGRESS_ALLOWED_PORTS as a comma-separated list and rejects bad ports', () => {
    expect(loadEgressPolicy({ EGRESS_ALLOWED_PORTS: '443, 8443' }).allowedPorts).toEqual([443, 8443]);
    for (const bad of ['0', '65536', 'https', '443,x', '', ' , '])
      expect(() => loadEgressPolicy({ EGRESS_ALLOWED_PORTS: bad }), bad).toThrow();
  });
});
