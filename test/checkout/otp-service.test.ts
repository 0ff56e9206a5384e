// OtpService.issue on a store whose statements each wait a turn, as round trips to a networked store do: sends interleave.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuyerRepository } from '../../src/checkout/buyer-repository.ts';
import { OtpRepository } from '../../src/checkout/otp-repository.ts';
import { DEFAULT_OTP_POLICY } from '../../src/checkout/otp-policy.ts';
import { OtpService } from '../../src/checkout/otp-service.ts';
import { SecretBox } from '../../src/checkout/secrets.ts';
import { SessionRepository } from '../../src/checkout/session-repository.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import type { Database, Sql } from '../../src/db/sql.ts';
import { openSqlite } from '../../src/db/sqlite.ts';
import { DomainError } from '../../src/kernel/errors.ts';
import { systemClock } from '../../src/kernel/clock.ts';
import { silentLog } from '../../src/kernel/log.ts';
import { RateCounter } from '../../src/limits/rate-counter.ts';
import type { MailMessage } from '../../src/mail/mailer.ts';
import { testStore } from '../support/server.ts';
import { scalar } from './support.ts';

const SCOPE = 'test:shop';
const IP = '198.51.100.7';
let store: Awaited<ReturnType<typeof testStore>>;
let db: Database;
let mails: MailMessage[];
let otp: OtpService;

beforeAll(async () => {
  store = await testStore();
  const url = store.env.DATABASE_URL;
  db = url ? await openPostgres(url, { max: 6 }) : openSqlite(':memory:');
  const sql = turnTaking(db);
  const outbox = { enqueue: () => Promise.resolve('') };
  mails = [];
  otp = new OtpService({
    sql,
    otps: new OtpRepository(sql),
    buyers: new BuyerRepository(sql, systemClock),
    sessions: new SessionRepository(sql, outbox),
    secrets: new SecretBox(randomBytes(32)),
    mailer: {
      send: (message) => Promise.resolve(void mails.push(message)),
      check: () => Promise.resolve(null),
      close: () => undefined,
    },
    counter: new RateCounter(sql, systemClock),
    outbox,
    clock: systemClock,
    policy: { ...DEFAULT_OTP_POLICY, sendsPerEmailHour: 1000 },
    queued: () => undefined,
    log: silentLog,
  });
});
afterAll(async () => {
  await db?.close();
  await store?.drop();
});

/** `sql` whose every statement first yields to other work, so concurrent requests interleave between statements. */
function turnTaking(sql: Sql): Sql {
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  return {
    dialect: sql.dialect,
    all: async <T>(text: string, params?: readonly unknown[]) => (await turn(), sql.all<T>(text, params)),
    get: async <T>(text: string, params?: readonly unknown[]) => (await turn(), sql.get<T>(text, params)),
    run: async (text: string, params?: readonly unknown[]) => (await turn(), sql.run(text, params)),
    transaction: (fn) => sql.transaction((tx) => fn(turnTaking(tx))),
  };
}

const compose = (code: string): MailMessage => ({ to: 'x', subject: 'code', text: code });
const sendAll = (email: string, n: number, resendAfterMs?: number) =>
  // From different addresses, so no two sends wait on one rate counter row and they truly overlap.
  Promise.all(
    Array.from({ length: n }, (_, i) => otp.issue(SCOPE, email, `203.0.113.${i}`, compose, { resendAfterMs })),
  );

describe('OtpService.issue under concurrent sends', () => {
  it('opens one code for six sends at once, mails it once, and the mailed code redeems', async () => {
    const email = 'six@example.com';
    const before = mails.length;
    const results = await sendAll(email, 6);
    expect(results.filter((r) => !r.reused)).toHaveLength(1);
    expect(new Set(results.map((r) => r.expires_at)).size).toBe(1);
    expect(mails.length - before).toBe(1);
    expect(await scalar(db, 'SELECT COUNT(*) FROM otp_codes WHERE merchant_id = ? AND email = ?', [SCOPE, email])).toBe(
      1,
    );
    await expect(otp.redeem(SCOPE, email, mails.at(-1)!.text, IP)).resolves.toBeUndefined();
  });

  it('replaces an old code once when several "send again" requests race', async () => {
    const email = 'again@example.com';
    await sendAll(email, 1);
    const old = new Date(Date.now() - 120_000).toISOString();
    await db.run('UPDATE otp_codes SET created_at = ? WHERE merchant_id = ? AND email = ?', [old, SCOPE, email]);
    const before = mails.length;
    const results = await sendAll(email, 4, 60_000);
    expect(results.filter((r) => !r.reused)).toHaveLength(1);
    expect(mails.length - before).toBe(1);
    await expect(otp.redeem(SCOPE, email, mails.at(-1)!.text, IP)).resolves.toBeUndefined();
  });
});

describe('OtpService.issue after codes were burned', () => {
  it('spaces the next mail, and says the wait as a buyer reads it', async () => {
    const email = 'burned@example.com';
    const burn = () =>
      db.run('UPDATE otp_codes SET failed_attempts = ? WHERE merchant_id = ? AND email = ?', [
        DEFAULT_OTP_POLICY.maxCodeFailures,
        SCOPE,
        email,
      ]);
    await sendAll(email, 1);
    await burn();
    // One code burned costs no wait; the second burned one spaces the next mail by mailGapsSeconds[1], 30 seconds.
    await sendAll(email, 1);
    await burn();
    await expect(otp.issue(SCOPE, email, IP, compose)).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(
        /^A code was mailed to this email a moment ago; the next can be sent in \d+ seconds$/,
      ),
    });
  });
});

describe("the checkout's Resend code", () => {
  /** Moves every code and mail of `email` `seconds` into the past, as if the buyer had waited that long. */
  const wait = async (email: string, seconds: number) => {
    for (const table of ['otp_codes', 'otp_send_log']) {
      const rows = await db.all<{ created_at: string }>(
        `SELECT DISTINCT created_at FROM ${table} WHERE merchant_id = ? AND email = ?`,
        [SCOPE, email],
      );
      for (const { created_at } of rows)
        await db.run(`UPDATE ${table} SET created_at = ? WHERE merchant_id = ? AND email = ? AND created_at = ?`, [
          new Date(Date.parse(created_at) - seconds * 1000).toISOString(),
          SCOPE,
          email,
          created_at,
        ]);
    }
  };

  it('mails a new code 30 s after the first, then waits twice as long after each mail', async () => {
    const email = 'resend@example.com';
    const send = () => otp.send(SCOPE, email, IP);
    const mailedCode = () => /\b\d{6}\b/.exec(mails.at(-1)!.subject)![0];
    expect((await send()).reused).toBe(false);
    const first = mailedCode();
    expect((await send()).reused).toBe(true);
    await wait(email, 29);
    expect((await send()).reused).toBe(true);
    await wait(email, 2);
    expect((await send()).reused).toBe(false);
    const second = mailedCode();
    expect(second).not.toBe(first);
    // Two mails in the hour: the next after 60 s, then 120 s.
    await wait(email, 45);
    expect((await send()).reused).toBe(true);
    await wait(email, 16);
    expect((await send()).reused).toBe(false);
    await wait(email, 90);
    expect((await send()).reused).toBe(true);
    await wait(email, 31);
    expect((await send()).reused).toBe(false);
    const latest = mailedCode();
    // Only the newest code opens: an older mail arriving late is no way in.
    await expect(otp.redeem(SCOPE, email, second, IP)).rejects.toMatchObject({ code: 'invalid_code' });
    await expect(otp.redeem(SCOPE, email, latest, IP)).resolves.toBeUndefined();
  });
});

describe('a send the store stops between storing the code and mailing it', () => {
  it('forgets the unmailed code once the store is back, so the next send mails one', async () => {
    // The clean-up delete needed the store the outage had taken: the code stayed, and the next send answered
    // "still valid" of a code never mailed.
    let down = false;
    let fallAfterCommit = false;
    const refuse = () => Promise.reject(new DomainError('unavailable', 'store_unavailable', 'down'));
    const outage: Sql = {
      dialect: db.dialect,
      all: (text, params) => (down ? refuse() : db.all(text, params)),
      get: (text, params) => (down ? refuse() : db.get(text, params)),
      run: (text, params) => (down ? refuse() : db.run(text, params)),
      transaction: async (fn) => {
        if (down) return refuse();
        const result = await db.transaction(fn);
        if (fallAfterCommit) down = true;
        return result;
      },
    };
    const sent: MailMessage[] = [];
    const shaky = new OtpService({
      sql: outage,
      otps: new OtpRepository(outage),
      buyers: new BuyerRepository(outage, systemClock),
      sessions: new SessionRepository(outage, { enqueue: () => Promise.resolve('') }),
      secrets: new SecretBox(randomBytes(32)),
      mailer: {
        send: (m) => Promise.resolve(void sent.push(m)),
        check: () => Promise.resolve(null),
        close: () => undefined,
      },
      counter: new RateCounter(outage, systemClock),
      outbox: { enqueue: () => Promise.resolve('') },
      clock: systemClock,
      policy: DEFAULT_OTP_POLICY,
      queued: () => undefined,
      log: silentLog,
    });
    const email = 'outage@example.com';
    fallAfterCommit = true;
    await expect(shaky.issue(SCOPE, email, IP, compose, {})).rejects.toMatchObject({ code: 'store_unavailable' });
    expect(sent).toHaveLength(0);
    fallAfterCommit = false;
    down = false;
    await expect
      .poll(() => scalar(db, 'SELECT COUNT(*) FROM otp_codes WHERE email = ?', [email]), { timeout: 6000 })
      .toBe(0);
    expect(await shaky.issue(SCOPE, email, IP, compose, {})).toMatchObject({ reused: false });
    expect(sent).toHaveLength(1);
  });
});
