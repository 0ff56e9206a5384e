// Unit tests for secrets at rest, OTP hashing, COD rules and offer matching (pure functions, no server).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codVerdict } from '../../src/checkout/cod.ts';
import { matchOffer } from '../../src/checkout/offer-match.ts';
import type { Offer } from '../../src/checkout/offer-repository.ts';
import { loadMasterKey, newOtpCode, SecretBox } from '../../src/checkout/secrets.ts';
import type { CheckoutSession } from '../../src/checkout/session-repository.ts';

describe('SecretBox', () => {
  const box = new SecretBox(Buffer.alloc(32, 7));

  it('round-trips a secret and never produces the same ciphertext twice', () => {
    const a = box.encrypt('sk_live_secret');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toBe(box.encrypt('sk_live_secret'));
    expect(box.decrypt(a)).toBe('sk_live_secret');
  });

  it('refuses tampered ciphertext and another key', () => {
    const sealed = box.encrypt('secret');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.decrypt(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => new SecretBox(Buffer.alloc(32, 8)).decrypt(sealed)).toThrow();
    expect(() => box.decrypt('v0:abc')).toThrow(/format/);
  });

  it('opens a secret again from what it kept, and still refuses what it never opened', () => {
    const sealed = box.encrypt('sk_kept');
    expect(box.decrypt(sealed)).toBe('sk_kept');
    expect(box.decrypt(sealed)).toBe('sk_kept');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    for (let i = 0; i < 2; i++) expect(() => box.decrypt(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => new SecretBox(Buffer.alloc(32, 8)).decrypt(sealed)).toThrow();
    // More secrets than it keeps: each still opens to its own plain text.
    const many = Array.from({ length: 1500 }, (_, i) => [`s${i}`, box.encrypt(`s${i}`)] as const);
    for (const [plain, text] of many) expect(box.decrypt(text)).toBe(plain);
    for (const [plain, text] of many) expect(box.decrypt(text)).toBe(plain);
  });

  it('hashes OTP codes per merchant and email', () => {
    expect(box.hashOtp('m1', 'a@b.co', '123456')).not.toBe(box.hashOtp('m2', 'a@b.co', '123456'));
    expect(box.hashOtp('m1', 'a@b.co', '123456')).toBe(box.hashOtp('m1', 'a@b.co', '123456'));
  });

  it('generates 6-digit codes', () => {
    for (let i = 0; i < 200; i++) expect(newOtpCode()).toMatch(/^\d{6}$/);
  });
});

describe('loadMasterKey', () => {
  it('accepts 64 hex chars or base64 of 32 bytes and rejects anything else', () => {
    expect(loadMasterKey('ab'.repeat(32), ':memory:')).toEqual(Buffer.alloc(32, 0xab));
    expect(loadMasterKey(Buffer.alloc(32, 1).toString('base64'), ':memory:')).toEqual(Buffer.alloc(32, 1));
    expect(() => loadMasterKey('short', ':memory:')).toThrow(/32 bytes/);
    expect(() => loadMasterKey(null, null)).toThrow(/CHECKOUT_ENCRYPTION_KEY is required/);
  });

  it('creates a 0600 key file next to the database once and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'key-test-'));
    try {
      const first = loadMasterKey(null, join(dir, 'app.sqlite'));
      expect(statSync(join(dir, 'checkout-encryption.key')).mode & 0o777).toBe(0o600);
      expect(loadMasterKey(null, join(dir, 'app.sqlite'))).toEqual(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('codVerdict', () => {
  const config = { enable_cod: true, cod_max_cart_value_paise: 10_000, cod_blocked_pincodes: ['110001'] };
  it('checks enabled, then the cap, then blocked pincodes', () => {
    expect(codVerdict({ ...config, enable_cod: false }, 1, '560001')).toEqual({
      eligible: false,
      reason: 'cod_disabled',
    });
    expect(codVerdict(config, null, '560001').reason).toBe('cart_value_unknown');
    expect(codVerdict(config, 10_001, '560001').reason).toBe('cart_value_exceeds_limit');
    expect(codVerdict(config, 10_000, '560001')).toEqual({ eligible: true, reason: null });
    expect(codVerdict(config, 1, '110001').reason).toBe('pincode_blocked');
    expect(codVerdict(config, 1, null).reason).toBe('pincode_unknown');
    expect(
      codVerdict({ ...config, cod_max_cart_value_paise: null, cod_blocked_pincodes: [] }, null, null).eligible,
    ).toBe(true);
  });
});

describe('matchOffer', () => {
  const base: Offer = {
    id: 'o',
    title: 't',
    description: null,
    discount_type: 'percent',
    discount_value: 10,
    min_cart_value_paise: null,
    utm_rules: {},
    priority: 0,
    active: true,
    starts_at: null,
    ends_at: null,
    created_at: '2024-01-01T00:00:00.000Z',
  };
  const session = {
    cart_value_paise: 5000,
    utm_source: 'Google',
    utm_medium: null,
    utm_campaign: 'sale',
    utm_term: null,
    utm_content: null,
  } as CheckoutSession;
  const now = '2025-06-01T00:00:00.000Z';

  it('prefers priority, then more specific rules, and skips inactive, out-of-window and below-minimum offers', () => {
    const all = { ...base, id: 'all' };
    const google = { ...base, id: 'google', utm_rules: { utm_source: 'google' } };
    const both = { ...base, id: 'both', utm_rules: { utm_source: 'google', utm_campaign: 'sale' } };
    const wrong = { ...base, id: 'wrong', priority: 9, utm_rules: { utm_source: 'bing' } };
    expect(matchOffer([wrong, all, google, both], session, now)?.id).toBe('both');
    expect(matchOffer([{ ...all, priority: 1 }, both], session, now)?.id).toBe('all');
    expect(
      matchOffer(
        [
          { ...both, active: false },
          { ...google, ends_at: '2025-01-01T00:00:00.000Z' },
          { ...all, min_cart_value_paise: 6000 },
        ],
        session,
        now,
      ),
    ).toBeNull();
    expect(matchOffer([{ ...all, starts_at: '2025-07-01T00:00:00.000Z' }], session, now)).toBeNull();
  });
});
