// One-time codes, the mail log behind the per-address mail cap, and wrong-code counts per (merchant, email, client address).
import type { Sql } from '../db/sql.ts';

export interface OtpCode {
  id: number;
  merchant_id: string;
  email: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
  failed_attempts: number;
}

export interface FailureState {
  failures: number;
  locked_until: string | null;
}

export class OtpRepository {
  constructor(private readonly sql: Sql) {}

  in(tx: Sql): OtpRepository {
    return new OtpRepository(tx);
  }

  /** Inside a transaction: other sends for (merchant, email) wait until it ends (SQLite's BEGIN IMMEDIATE does so). */
  async lock(merchantId: string, email: string): Promise<void> {
    if (this.sql.dialect !== 'postgres') return;
    await this.sql.get("SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtext('otp_codes'), hashtext(?))) l", [
      `${merchantId}|${email}`,
    ]);
  }

  async insert(merchantId: string, email: string, codeHash: string, now: string, expiresAt: string): Promise<number> {
    const row = await this.sql.get<{ id: number }>(
      'INSERT INTO otp_codes (merchant_id, email, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
      [merchantId, email, codeHash, now, expiresAt],
    );
    return row!.id;
  }

  /** The code mailed before the latest, while it would still be live had no newer one replaced it; or null. */
  async replaced(merchantId: string, email: string, latestId: number, now: string): Promise<OtpCode | null> {
    return (
      (await this.sql.get<OtpCode>(
        `SELECT * FROM otp_codes WHERE merchant_id = ? AND email = ? AND id < ? AND expires_at > ? AND consumed_at IS NULL
         ORDER BY id DESC LIMIT 1`,
        [merchantId, email, latestId, now],
      )) ?? null
    );
  }

  async latest(merchantId: string, email: string): Promise<OtpCode | null> {
    return (
      (await this.sql.get<OtpCode>(
        'SELECT * FROM otp_codes WHERE merchant_id = ? AND email = ? ORDER BY id DESC LIMIT 1',
        [merchantId, email],
      )) ?? null
    );
  }

  async delete(id: number): Promise<void> {
    await this.sql.run('DELETE FROM otp_codes WHERE id = ?', [id]);
  }

  /** False when another request consumed it first. */
  async consume(id: number, now: string): Promise<boolean> {
    return (
      (await this.sql.run('UPDATE otp_codes SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL', [now, id])) === 1
    );
  }

  /** Counts a wrong guess against the code itself (from any address). */
  async recordCodeFailure(id: number): Promise<number> {
    const row = await this.sql.get<{ failed_attempts: number }>(
      'UPDATE otp_codes SET failed_attempts = failed_attempts + 1 WHERE id = ? RETURNING failed_attempts',
      [id],
    );
    return row?.failed_attempts ?? 0;
  }

  /** Records a mail sent (who asked, when); rows older than a day are pruned. */
  async logMail(merchantId: string, email: string, ip: string, now: string): Promise<void> {
    await this.sql.run('INSERT INTO otp_send_log (merchant_id, email, ip, created_at) VALUES (?, ?, ?, ?)', [
      merchantId,
      email,
      ip,
      now,
    ]);
    await this.sql.run('DELETE FROM otp_send_log WHERE created_at < ?', [
      new Date(Date.parse(now) - 86_400_000).toISOString(),
    ]);
  }

  /** Mails sent to (merchant, email) since `since`, from every address. */
  async mailsSince(merchantId: string, email: string, since: string): Promise<number> {
    const row = await this.sql.get<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM otp_send_log WHERE merchant_id = ? AND email = ? AND created_at > ?',
      [merchantId, email, since],
    );
    // PostgreSQL counts in bigint, which its driver hands over as a string.
    return Number(row?.n ?? 0);
  }

  /** Codes of (merchant, email) made since `since` and killed by `maxFailures` wrong guesses, with the newest's time. */
  async burnedSince(
    merchantId: string,
    email: string,
    since: string,
    maxFailures: number,
  ): Promise<{ n: number; latest: string | null }> {
    return (await this.sql.get<{ n: number; latest: string | null }>(
      `SELECT COUNT(*) AS n, MAX(created_at) AS latest FROM otp_codes
       WHERE merchant_id = ? AND email = ? AND created_at > ? AND consumed_at IS NULL AND failed_attempts >= ?`,
      [merchantId, email, since, maxFailures],
    ))!;
  }

  async failures(merchantId: string, email: string, ip: string): Promise<FailureState | null> {
    return (
      (await this.sql.get<FailureState>(
        'SELECT failures, locked_until FROM otp_failures WHERE merchant_id = ? AND email = ? AND ip = ?',
        [merchantId, email, ip],
      )) ?? null
    );
  }

  /** Counts one wrong code from `ip`; the count restarts after `windowMs`, and reaching `lockAfter` locks until `lockUntil`. */
  async recordFailure(
    merchantId: string,
    email: string,
    ip: string,
    now: Date,
    windowMs: number,
    lockAfter: number,
    lockUntil: string,
  ): Promise<FailureState> {
    return this.sql.transaction(async (tx) => {
      const row = await tx.get<{ failures: number; first_failure_at: string }>(
        'SELECT failures, first_failure_at FROM otp_failures WHERE merchant_id = ? AND email = ? AND ip = ?',
        [merchantId, email, ip],
      );
      const fresh = !row || Date.parse(row.first_failure_at) + windowMs <= now.getTime();
      const failures = fresh ? 1 : row.failures + 1;
      const locked = failures >= lockAfter ? lockUntil : null;
      await tx.run(
        `INSERT INTO otp_failures (merchant_id, email, ip, failures, first_failure_at, locked_until) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (merchant_id, email, ip) DO UPDATE SET failures = excluded.failures,
           first_failure_at = CASE WHEN ? = 1 THEN excluded.first_failure_at ELSE otp_failures.first_failure_at END, locked_until = excluded.locked_until`,
        [merchantId, email, ip, failures, now.toISOString(), locked, fresh ? 1 : 0],
      );
      return { failures, locked_until: locked };
    });
  }

  async clearFailures(merchantId: string, email: string, ip: string): Promise<void> {
    await this.sql.run('DELETE FROM otp_failures WHERE merchant_id = ? AND email = ? AND ip = ?', [
      merchantId,
      email,
      ip,
    ]);
  }
}
