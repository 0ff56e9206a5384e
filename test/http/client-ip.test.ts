// X-Forwarded-For is trusted for exactly the configured number of proxy hops, never more.
import { describe, expect, it } from 'vitest';
import { clientIp } from '../../src/http/client-ip.ts';

const req = (xff: string | undefined) => ({
  remoteIp: '10.0.0.2',
  headers: (xff === undefined ? {} : { 'x-forwarded-for': xff }) as Record<string, string>,
});

describe('clientIp', () => {
  it('uses the socket address when no proxy is trusted, whatever the header says', () => {
    expect(clientIp(req('1.2.3.4'), 0)).toBe('10.0.0.2');
  });

  it('takes the entry the outermost trusted proxy appended and ignores client-supplied ones to its left', () => {
    expect(clientIp(req('6.6.6.6, 203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientIp(req('6.6.6.6, 203.0.113.7, 10.0.0.9'), 2)).toBe('203.0.113.7');
  });

  it('falls back to the leftmost entry or the socket when the header is short or missing', () => {
    expect(clientIp(req('203.0.113.7'), 2)).toBe('203.0.113.7');
    expect(clientIp(req(undefined), 1)).toBe('10.0.0.2');
  });
});
