// The funnel's daily counts answer exactly what counting every event would, for windows on and off day boundaries,
// read as one list of (event type, step) pairs or, past its cap, per figure; and the migration that adds them fills
// them from the events already stored.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunnelRepository, type FunnelCounts } from '../../src/checkout/funnel-repository.ts';
import { STAGE_EVENTS } from '../../src/checkout/funnel-report.ts';
import type { FunnelEvent } from '../../src/checkout/schema.ts';
import { migrationsDir } from '../../src/db/migrate.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { mulberry32 } from '../../bench/seeded.ts';

const DAY = 86_400_000;
const START = Date.parse('2026-10-03T00:00:00.000Z');
const TYPES = [...STAGE_EVENTS.flat(), 'checkout_abandoned', 'coupon_applied', 'help_opened'];
const STEPS = [undefined, 'email', 'address', 'payment'];

let server: TestServer;
let repo: FunnelRepository;
let merchantId: string;
const stored: Array<{ event: FunnelEvent; at: string }> = [];

/** What the report must say, counted from every stored event. */
function expected(from: string, to: string): FunnelCounts {
  const inWindow = stored.filter((s) => s.at >= from && s.at <= to);
  const tally = (key: (s: (typeof stored)[number]) => string | undefined) => {
    const counts = new Map<string, number>();
    for (const s of inWindow) {
      const k = key(s);
      if (k !== undefined) counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  };
  const firsts = new Map<string, string>();
  for (const s of stored) {
    const stage = STAGE_EVENTS.findIndex((types) => types.includes(s.event.event_type));
    const key = `${s.event.session_id}|${stage}`;
    if (stage >= 0 && s.event.session_id && !firsts.has(key)) firsts.set(key, s.at);
  }
  return {
    total: inWindow.length,
    byEvent: tally((s) => s.event.event_type).map(([event_type, events]) => ({ event_type, events })),
    byStep: tally((s) => s.event.step).map(([step, events]) => ({ step, events })),
    byStage: STAGE_EVENTS.map((types, stage) => {
      const events = inWindow.filter((s) => types.includes(s.event.event_type));
      return {
        stage,
        sessions: [...firsts].filter(([k, at]) => k.endsWith(`|${stage}`) && at >= from && at <= to).length,
        anonymous: events.filter((s) => !s.event.session_id).length,
        events: events.length,
      };
    }),
  };
}

beforeAll(async () => {
  server = await startTestServer();
  merchantId = (await server.parts.checkout.merchants.create('Funnel shop', ['https://shop.example'])).merchant.id;
  repo = new FunnelRepository(server.parts.sql, STAGE_EVENTS);
  const next = mulberry32(29);
  const sessions = Array.from({ length: 40 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  const times = Array.from({ length: 500 }, () => START + Math.floor(next() * 5 * DAY)).sort((a, b) => a - b);
  // Two events exactly on a day's first and last millisecond.
  times.push(START + 2 * DAY, START + 3 * DAY - 1);
  times.sort((a, b) => a - b);
  for (const t of times) {
    const step = STEPS[Math.floor(next() * STEPS.length)];
    const event: FunnelEvent = {
      merchant_id: merchantId,
      event_type: TYPES[Math.floor(next() * TYPES.length)]!,
      ...(step ? { step } : {}),
      ...(next() < 0.2 ? {} : { session_id: sessions[Math.floor(next() * sessions.length)] }),
    };
    const at = new Date(t).toISOString();
    await repo.insert(event, at);
    stored.push({ event, at });
  }
});
afterAll(async () => server?.dispose());

function windows(): Array<[string, string]> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const next = mulberry32(7);
  const aligned: Array<[number, number]> = [
    [START - DAY, START + 6 * DAY],
    [START, START + 5 * DAY - 1],
    [START + DAY, START + 2 * DAY - 1],
    [START + 2 * DAY, START + 2 * DAY],
    [START + 3 * DAY - 1, START + 3 * DAY - 1],
    [START + DAY + 19_800_000, START + 4 * DAY + 19_800_000 - 1],
    [START + 10 * DAY, START + 11 * DAY],
  ];
  const randomOnes = Array.from({ length: 20 }, (): [number, number] => {
    const a = START + Math.floor(next() * 5 * DAY);
    return [a, a + Math.floor(next() * 3 * DAY)];
  });
  return [...aligned, ...randomOnes].map(([a, b]) => [iso(a), iso(b)]);
}

describe('FunnelRepository.counts', () => {
  it('equals counting every event, for whole days, partial days, one instant and no events', async () => {
    for (const [from, to] of windows()) {
      expect({ from, to, ...(await repo.counts(merchantId, from, to)) }).toEqual({ from, to, ...expected(from, to) });
    }
  });

  it('counts the same per figure when the window holds more (event type, step) pairs than read at once', async () => {
    const capped = new FunnelRepository(server.parts.sql, STAGE_EVENTS, 3);
    for (const [from, to] of windows()) {
      expect({ from, to, ...(await capped.counts(merchantId, from, to)) }).toEqual({ from, to, ...expected(from, to) });
    }
  });

  it('is filled by the migration from the events stored before it', async () => {
    const before = await repo.counts(merchantId, stored[0]!.at, stored.at(-1)!.at);
    const sql = server.parts.sql;
    for (const table of ['funnel_stage_days', 'funnel_stage_firsts', 'funnel_day_counts'])
      await sql.run(`DELETE FROM ${table}`);
    expect((await repo.counts(merchantId, stored[0]!.at, stored.at(-1)!.at)).byStage[0]!.sessions).toBe(0);
    const step = readFileSync(`${migrationsDir()}017-funnel-rollups.${sql.dialect}.sql`, 'utf8');
    const inserts = step
      .split(/;\s*\n/)
      .map((s) => s.replace(/^--.*$/gm, '').trim())
      .filter((s) => s.startsWith('INSERT'));
    expect(inserts).toHaveLength(3);
    for (const insert of inserts) await sql.run(insert);
    for (const [from, to] of windows()) {
      expect({ from, to, ...(await repo.counts(merchantId, from, to)) }).toEqual({ from, to, ...expected(from, to) });
    }
    expect(await repo.counts(merchantId, stored[0]!.at, stored.at(-1)!.at)).toEqual(before);
  });
});
