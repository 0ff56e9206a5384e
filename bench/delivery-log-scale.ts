// `npm run bench:delivery-log [-- --days 120 --per-day 8000]`: the merchant's webhook log as it grows, on a SQLite
// file in process: a page of attempts and of events (each with its total) at sizes up to the whole log, then the
// retention's pruning of it down to 30 days (time in all, and the longest batch: how long the write lock is held).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MerchantRepository } from '../src/checkout/merchant-repository.ts';
import { openSqlite } from '../src/db/sqlite.ts';
import { systemClock } from '../src/kernel/clock.ts';
import { DeliveryLog } from '../src/webhooks/delivery-log.ts';
import { DeliveryLogRetention } from '../src/webhooks/log-retention.ts';
import { insertRows } from './load/seed-rows.ts';

const { values } = parseArgs({
  options: { days: { type: 'string', default: '120' }, 'per-day': { type: 'string', default: '8000' } },
});
const days = Number(values.days);
const perDay = Number(values['per-day']);
const DAY = 86_400_000;
const dir = mkdtempSync(join(tmpdir(), 'delivery-log-'));
const sql = openSqlite(join(dir, 'db.sqlite'));
try {
  const { merchant } = await new MerchantRepository(sql, systemClock).create('Busy shop', ['https://shop.example']);
  const log = new DeliveryLog(sql);
  const now = Date.now();
  let made = 0;
  /** Delivered events, one attempt each, oldest first, until the log holds `count`. */
  async function grow(count: number): Promise<void> {
    for (; made < count;) {
      const outbox: unknown[][] = [];
      const attempts: unknown[][] = [];
      for (const end = Math.min(count, made + 10_000); made < end; made++) {
        const at = new Date(now - days * DAY + (made / perDay) * DAY).toISOString();
        const body = JSON.stringify({ event: 'session.address_completed', merchant_id: merchant.id, n: made });
        outbox.push([
          made + 1,
          merchant.id,
          `s${made}`,
          'session.address_completed',
          body,
          `d${made}`,
          'delivered',
          1,
          at,
          at,
        ]);
        attempts.push([merchant.id, made + 1, 1, 200, 'ok', at]);
      }
      const columns = ['id', 'merchant_id', 'session_id', 'event', 'payload', 'delivery_id', 'status', 'attempts'];
      await insertRows(sql, 'webhook_outbox', [...columns, 'next_attempt_at', 'created_at'], outbox);
      await insertRows(
        sql,
        'webhook_deliveries',
        ['merchant_id', 'outbox_id', 'attempt', 'http_status', 'response_body', 'created_at'],
        attempts,
      );
    }
  }
  /** Median ms of 15 calls after two unmeasured. */
  async function median(call: () => Promise<unknown>): Promise<number> {
    for (let i = 0; i < 2; i++) await call();
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const t = performance.now();
      await call();
      times.push(performance.now() - t);
    }
    return times.sort((a, b) => a - b)[7]!;
  }
  console.log('| attempts in the log | attempts page (50) ms | events page (50) ms |\n|--:|--:|--:|');
  const total = days * perDay;
  for (const size of [10_000, 30 * perDay, total].filter((s, i, all) => s <= total && all.indexOf(s) === i)) {
    await grow(size);
    const attemptsMs = await median(() => log.attempts(merchant.id, 50, 0));
    const eventsMs = await median(() => log.summaries(merchant.id, null, 50, 0));
    console.log(`| ${size.toLocaleString('en')} | ${attemptsMs.toFixed(2)} | ${eventsMs.toFixed(2)} |`);
  }
  // The retention's batches, timed one by one as its loop runs them.
  const retention = new DeliveryLogRetention(sql, { days: 30 });
  const batches: number[] = [];
  const transaction = sql.transaction.bind(sql);
  sql.transaction = async (fn) => {
    const t = performance.now();
    try {
      return await transaction(fn);
    } finally {
      batches.push(performance.now() - t);
    }
  };
  const t = performance.now();
  const deleted = await retention.prune();
  const ms = performance.now() - t;
  sql.transaction = transaction;
  const after = await log.attempts(merchant.id, 50, 0);
  const pageMs = await median(() => log.attempts(merchant.id, 50, 0));
  console.log(
    `\nPruned to 30 days: ${deleted.toLocaleString('en')} deliveries in ${(ms / 1000).toFixed(1)} s, ` +
      `${batches.length} batches, median ${batches.sort((a, b) => a - b)[batches.length >> 1]!.toFixed(1)} ms, ` +
      `longest ${Math.max(...batches).toFixed(1)} ms; ` +
      `${after.total.toLocaleString('en')} attempts left, a page ${pageMs.toFixed(2)} ms`,
  );
} finally {
  await sql.close();
  rmSync(dir, { recursive: true, force: true });
}
