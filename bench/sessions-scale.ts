// `npm run bench:sessions-scale [-- --sessions 72000]`: the merchant dashboard's sessions listing for a busy shop (a
// month of 2,400 checkouts a day) on a SQLite file, in process: the first page, which keeps the month's days for its
// total, and pages after it, and searches by an email, its start, an id's start and a pincode. Median ms of the calls.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MerchantRepository } from '../src/checkout/merchant-repository.ts';
import { SessionSearch, type SessionFilter } from '../src/checkout/session-search.ts';
import { openSqlite } from '../src/db/sqlite.ts';
import { systemClock } from '../src/kernel/clock.ts';
import { seedSessions } from './load/seed-rows.ts';

const { values } = parseArgs({ options: { sessions: { type: 'string', default: '72000' } } });
const count = Number(values.sessions);
const dir = mkdtempSync(join(tmpdir(), 'sessions-scale-'));
const sql = openSqlite(join(dir, 'db.sqlite'));
try {
  const { merchant } = await new MerchantRepository(sql, systemClock).create('Busy shop', ['https://shop.example']);
  const seedStart = performance.now();
  const seeded = await seedSessions(sql, {
    merchantId: merchant.id,
    count,
    addresses: 1,
    status: 'address_completed',
    cartValuePaise: 49_900,
    spreadDays: 30,
    tag: 'buyer',
  });
  console.log(`${count} sessions over 30 days seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const now = new Date();
  const window = { from: new Date(now.getTime() - 30 * 86_400_000).toISOString(), to: now.toISOString() };
  const search = new SessionSearch(sql, () => now);
  const one = seeded[Math.floor(count / 3)]!;

  /** Median ms of `runs` pages (after two unmeasured), with the total and rows of the last. */
  async function page(label: string, filter: Partial<SessionFilter>, runs = 15): Promise<void> {
    const f = { ...window, ...filter };
    for (let i = 0; i < 2; i++) await search.list(merchant.id, f, 50, 0);
    const times: number[] = [];
    let last = { total: 0, rows: 0 };
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const r = await search.list(merchant.id, f, 50, 0);
      times.push(performance.now() - t);
      last = { total: r.total, rows: r.sessions.length };
    }
    const median = times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
    console.log(`| ${label} | ${median.toFixed(2)} | ${last.total} | ${last.rows} |`);
  }

  console.log('| listing (50 rows a page) | median ms | total | rows |\n|---|--:|--:|--:|');
  // The first listing counts the window's settled days and keeps them (the funnel reads them too).
  const t = performance.now();
  await search.list(merchant.id, window, 50, 0);
  const keptMs = performance.now() - t;
  await page('newest page, days kept', {});
  await page('one buyer by email', { q: one.email });
  await page('by the start of an email', { q: one.email.slice(0, 9) });
  await page('by the start of a session id (8 characters)', { q: one.sessionId.slice(0, 8) });
  await page('by a pincode (a quarter of the shop)', { q: '560001' });
  console.log(`\nThe first listing, which counts and keeps the month's days: ${keptMs.toFixed(0)} ms`);
} finally {
  await sql.close();
  rmSync(dir, { recursive: true, force: true });
}
