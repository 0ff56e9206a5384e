// The sign-in kept for a tab: per merchant, dropped when expired or idle, never in the way when storage fails.
import { describe, expect, it } from 'vitest';
import { loadAsset } from '../support/asset-module.ts';

interface Kept {
  session_token: string;
  session_id: string;
  buyer_id: string;
  expires_at: string;
  email: string;
  at: number;
  payments?: Array<Record<string, unknown>>;
}
interface Saved {
  load(): Kept | null;
  dropped(): boolean;
  save(session: Omit<Kept, 'email' | 'at'> & Record<string, unknown>, email: string): void;
  touch(): void;
  keepPayment(received: Record<string, unknown>): void;
  clear(): void;
}
type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;
const { savedSession, IDLE_MS } = await loadAsset<{
  savedSession: (merchantId: string, options: { storage: Storage | null; now: () => number }) => Saved;
  IDLE_MS: number;
}>('saved-session.js');

function memory(): Storage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

const T0 = Date.parse('2026-11-29T10:00:00Z');
const VERIFIED = {
  session_token: 'cst_abc',
  session_id: '5ebb9b22-0000-4000-8000-000000000001',
  buyer_id: '5ebb9b22-0000-4000-8000-000000000002',
  expires_at: '2026-11-30T10:00:00.000Z',
  reused: false,
};

describe('savedSession', () => {
  it('keeps the token, ids, expiry and email under the merchant, and nothing else of the answer', () => {
    const storage = memory();
    savedSession('m-1', { storage, now: () => T0 }).save(VERIFIED, 'asha@example.com');
    expect([...storage.items.keys()]).toEqual(['geopin-checkout:m-1']);
    const { reused: _reused, ...kept } = VERIFIED;
    expect(savedSession('m-1', { storage, now: () => T0 + 1000 }).load()).toEqual({
      ...kept,
      email: 'asha@example.com',
      at: T0,
    });
    expect(savedSession('m-2', { storage, now: () => T0 }).load()).toBeNull();
  });

  it('drops a session idle for half an hour, unless a step was taken meanwhile', () => {
    const storage = memory();
    let now = T0;
    const saved = savedSession('m-1', { storage, now: () => now });
    saved.save(VERIFIED, 'asha@example.com');
    now += IDLE_MS - 1000;
    saved.touch();
    now += IDLE_MS - 1000;
    expect(saved.load()?.session_token).toBe('cst_abc');
    expect(saved.dropped()).toBe(false);
    now += IDLE_MS;
    expect(saved.load()).toBeNull();
    expect(storage.items.size).toBe(0);
    // Said to the buyer: their sign-in ended, they did not lose it.
    expect(saved.dropped()).toBe(true);
  });

  it('drops a session past its expiry, and one cleared', () => {
    const storage = memory();
    let now = T0;
    const saved = savedSession('m-1', { storage, now: () => now });
    saved.save({ ...VERIFIED, expires_at: new Date(T0 + 60_000).toISOString() }, 'asha@example.com');
    now += 60_000;
    expect(saved.load()).toBeNull();
    saved.save(VERIFIED, 'asha@example.com');
    saved.clear();
    expect(saved.load()).toBeNull();
  });

  it('keeps each payment the gateway reported, in order, until the session is cleared', () => {
    const storage = memory();
    let now = T0;
    const saved = savedSession('m-1', { storage, now: () => now });
    saved.keepPayment({ gateway_payment_id: 'pay_before_sign_in' });
    expect(saved.load()).toBeNull();
    saved.save(VERIFIED, 'asha@example.com');
    now += 1000;
    saved.keepPayment({ gateway_payment_id: 'pay_1', amount_paise: 149_900 });
    saved.keepPayment({ gateway_payment_id: 'pay_2', amount_paise: 99_900 });
    // Kept payments count as a step: a buyer waiting for the confirmation is not idle.
    expect(saved.load()).toMatchObject({ session_token: 'cst_abc', at: T0 + 1000 });
    expect(saved.load()?.payments?.map((p) => p.gateway_payment_id)).toEqual(['pay_1', 'pay_2']);
    saved.clear();
    expect(saved.load()).toBeNull();
  });

  it('keeps nothing, and throws nothing, when storage is refused, full or holds something else', () => {
    const refusing: Storage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    for (const storage of [refusing, null]) {
      const saved = savedSession('m-1', { storage, now: () => T0 });
      saved.save(VERIFIED, 'asha@example.com');
      saved.touch();
      expect(saved.load()).toBeNull();
      saved.clear();
    }
    const storage = memory();
    storage.setItem('geopin-checkout:m-1', '{not json');
    expect(savedSession('m-1', { storage, now: () => T0 }).load()).toBeNull();
  });
});
