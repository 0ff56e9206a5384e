// Nothing is lost: SIGKILL the server with deliveries pending and in flight; after a restart every event arrives.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MerchantRepository } from '../../src/checkout/merchant-repository.ts';
import { SecretBox } from '../../src/checkout/secrets.ts';
import { systemClock } from '../../src/kernel/clock.ts';
import type { WebhookPayload } from '../../src/kernel/events.ts';
import { enqueueWebhook } from '../../src/webhooks/outbox-repository.ts';
import { verified } from '../support/verified.ts';
import { spawnServer, type Child } from './support/child.ts';
import { openTestDb, outboxRows } from './support/outbox-db.ts';
import { eventually, startReceiver } from './support/receiver.ts';

const EVENTS = 12;
const children: Child[] = [];
afterAll(() => {
  for (const c of children) if (c.process.exitCode === null && c.process.signalCode === null) c.process.kill('SIGKILL');
});

function payload(merchantId: string, i: number): WebhookPayload {
  return {
    event: 'session.address_completed',
    merchant_id: merchantId,
    buyer_id: randomUUID(),
    session_id: randomUUID(),
    auth_channel: 'email',
    timestamp: new Date().toISOString(),
    data: { n: i },
  };
}

describe('crash recovery', () => {
  it('delivers every event exactly once after dedupe by delivery id, and at least once raw, across a SIGKILL', async () => {
    // The first four answers are slow, so four attempts are still in flight when the kill lands.
    const receiver = await startReceiver((n) => ({ status: 200, body: 'ok', delayMs: n <= 4 ? 2000 : 0 }));
    const t = await openTestDb();
    const masterKey = randomBytes(32).toString('hex');
    // The merchant as the admin API leaves it: webhook url and a secret sealed with the server's key.
    const merchants = new MerchantRepository(t.sql, systemClock);
    const { merchant } = await merchants.create('Crash shop');
    await merchants.update(merchant.id, {
      webhook_url: receiver.url,
      webhook_secret_enc: new SecretBox(Buffer.from(masterKey, 'hex')).encrypt('whsec_crash'),
    });
    const ids = await t.sql.transaction(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < EVENTS; i++)
        out.push(await enqueueWebhook(tx, payload(merchant.id, i), new Date(), async () => true));
      return out;
    });
    const env = {
      ...t.env,
      CHECKOUT_ENCRYPTION_KEY: masterKey,
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_TIMEOUT_MS: '500',
      WEBHOOK_LEASE_MS: '1000',
      WEBHOOK_POLL_MS: '20',
      WEBHOOK_CONCURRENCY: '4',
    };
    // SQLite's own check of the file the killed process was writing; PostgreSQL recovers its WAL by itself.
    const integrity = async () =>
      t.sql.dialect === 'sqlite'
        ? (await t.sql.get<{ integrity_check: string }>('PRAGMA integrity_check'))?.integrity_check
        : 'ok';
    try {
      const first = await spawnServer(env);
      children.push(first);
      await receiver.waitFor(4, 30_000);
      first.process.kill('SIGKILL');
      await first.exited;
      expect(await integrity()).toBe('ok');
      const afterKill = await outboxRows(t.sql);
      const inFlight = afterKill.filter((r) => r.status === 'sending').length;
      expect(inFlight).toBeGreaterThan(0);
      expect(afterKill.filter((r) => r.status === 'delivered').length).toBeLessThan(EVENTS);
      const receivedBeforeRestart = receiver.requests.length;

      const second = await spawnServer(env);
      children.push(second);
      await eventually(async () => (await outboxRows(t.sql)).every((r) => r.status === 'delivered'), 30_000);
      second.process.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      expect(await integrity()).toBe('ok');

      // A deduping receiver processed each event exactly once; the raw stream repeated the ones cut off mid-send.
      expect(receiver.uniqueDeliveries().sort()).toEqual([...ids].sort());
      expect(receiver.requests.length).toBeGreaterThanOrEqual(EVENTS);
      expect(receiver.requests.length).toBeGreaterThan(receivedBeforeRestart);
      const repeated = receiver.requests.length - EVENTS;
      expect(repeated).toBeGreaterThan(0);
      expect(repeated).toBeLessThanOrEqual(inFlight);
      for (const r of receiver.requests) expect(verified(r.rawBody, r.headers, 'whsec_crash')).toBe(true);
    } finally {
      await receiver.close();
      await t.dispose();
    }
  });
});
