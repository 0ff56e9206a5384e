// GET /checkout-admin?action=audit_log: who changed settings and offers, what changed, secrets never shown, per merchant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, startHarness, type Harness, type Shop } from './support.ts';

let h: Harness;
let a: Shop;
let b: Shop;
beforeAll(async () => {
  h = await startHarness();
  a = await h.merchant('A', ['https://a.example']);
  b = await h.merchant('B');
});
afterAll(async () => h.dispose());

interface AuditPage {
  entries: Array<{ actor: string; action: string; target: string | null; changes: Record<string, unknown> }>;
  total: number;
}

const entries = async (shop: Shop, query = '') =>
  dataOf<AuditPage>(await h.admin('GET', 'audit_log', shop.key, undefined, query));

describe('the audit log', () => {
  it('records each settings change with the api key that made it, before and after, and never a secret', async () => {
    const actor = `api key ${a.key.slice(0, 12)}…`;
    expect(
      (await h.admin('PATCH', 'cod_config', a.key, { enable_cod: true, cod_max_cart_value_paise: 500_000 })).status,
    ).toBe(200);
    const secret = 'whsec_audit_secret_0123456789';
    await h.admin('PATCH', 'webhooks', a.key, { webhook_url: 'http://127.0.0.1:9/hooks', webhook_secret: secret });
    await h.admin('PATCH', 'webhooks', a.key, { webhook_secret: 'whsec_another_secret_98765' });
    await h.admin('PATCH', 'settings', a.key, { allowed_origins: ['https://a.example', 'https://www.a.example'] });
    const log = await entries(a);
    expect(log.total).toBe(4);
    expect(log.entries.map((e) => [e.action, e.actor])).toEqual([
      ['settings', actor],
      ['webhooks', actor],
      ['webhooks', actor],
      ['cod_config', actor],
    ]);
    expect(log.entries[3]!.changes).toEqual({
      enable_cod: { from: false, to: true },
      cod_max_cart_value_paise: { from: null, to: 500_000 },
    });
    expect(log.entries[2]!.changes).toEqual({
      webhook_url: { from: null, to: 'http://127.0.0.1:9/hooks' },
      webhook_secret: { from: 'not set', to: 'set' },
    });
    expect(log.entries[1]!.changes).toEqual({ webhook_secret: { from: 'set', to: 'replaced' } });
    expect(log.entries[0]!.changes).toEqual({
      allowed_origins: { from: ['https://a.example'], to: ['https://a.example', 'https://www.a.example'] },
    });
    expect(JSON.stringify(log)).not.toContain('whsec_');
  });

  it('writes nothing for a save that changed nothing, pages newest first, and shows each merchant only its own', async () => {
    const before = (await entries(a)).total;
    await h.admin('PATCH', 'cod_config', a.key, { enable_cod: true });
    await h.admin('PATCH', 'settings', a.key, {});
    expect((await entries(a)).total).toBe(before);
    const page = await entries(a, 'limit=2&offset=1');
    expect(page.entries.map((e) => e.action)).toEqual(['webhooks', 'webhooks']);
    expect(await entries(b)).toEqual({ entries: [], total: 0, limit: 50, offset: 0 });
  });

  it('records a created offer with its id, and summarises a long pincode list instead of copying it', async () => {
    const created = await h.call('POST', '/checkout-offers', {
      headers: { 'x-api-key': b.key },
      body: { action: 'create', title: 'Diwali 10% off', discount_type: 'percent', discount_value: 10 },
    });
    const pincodes = Array.from({ length: 30 }, (_, i) => String(110001 + i));
    await h.admin('PATCH', 'cod_config', b.key, { cod_blocked_pincodes: pincodes });
    const [cod, offer] = (await entries(b)).entries;
    expect(offer).toMatchObject({ action: 'offer_created', target: created.body.data.id });
    expect(offer!.changes).toMatchObject({ title: { from: null, to: 'Diwali 10% off' }, discount_value: { to: 10 } });
    const listed = (cod!.changes.cod_blocked_pincodes as { to: string[] }).to;
    expect(listed).toHaveLength(21);
    expect(listed[20]).toBe('… 10 more (30 in all)');
    await h.call('POST', '/checkout-offers', {
      headers: { 'x-api-key': b.key },
      body: { action: 'update', offer_id: created.body.data.id, active: false, title: 'Diwali 10% off' },
    });
    expect((await entries(b)).entries[0]).toMatchObject({
      action: 'offer_updated',
      target: created.body.data.id,
      changes: { active: { from: true, to: false } },
    });
  });
});
