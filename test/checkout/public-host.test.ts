// Callback URLs (webhooks, courier coverage) may not point the server at its own network outside dev mode.
import { describe, expect, it } from 'vitest';
import { callbackUrl } from '../../src/checkout/admin-schema.ts';
import { isPublicHost } from '../../src/checkout/public-host.ts';

describe('isPublicHost', () => {
  it('rejects loopback, private, link-local, reserved and local-only hosts', () => {
    for (const host of ['127.0.0.1', '10.1.2.3', '172.16.0.9', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '[::1]', '[fd00::1]', '[fe80::1]', '[::ffff:127.0.0.1]', 'localhost', 'api.localhost', 'printer.local', 'metadata.internal', '']) {
      expect(isPublicHost(host), host).toBe(false);
    }
  });

  it('accepts public addresses and ordinary names', () => {
    for (const host of ['8.8.8.8', '172.32.0.1', '[2606:4700::1111]', 'hooks.shop.example', 'api.razorpay.com']) expect(isPublicHost(host), host).toBe(true);
  });
});

describe('callbackUrl', () => {
  it('in production accepts only https to a public host', () => {
    const schema = callbackUrl(false);
    expect(schema.safeParse('https://hooks.shop.example/x').success).toBe(true);
    for (const url of ['http://hooks.shop.example/x', 'https://127.0.0.1/x', 'https://10.0.0.5/x', 'https://localhost:8443/x', 'https://169.254.169.254/latest', 'http://localhost/x']) {
      expect(schema.safeParse(url).success, url).toBe(false);
    }
  });

  it('in dev mode also accepts http to localhost', () => {
    const schema = callbackUrl(true);
    for (const url of ['http://localhost:4000/hook', 'http://127.0.0.1:9/hook', 'https://127.0.0.1/x']) expect(schema.safeParse(url).success, url).toBe(true);
    expect(schema.safeParse('http://10.0.0.5/x').success).toBe(false);
  });
});
