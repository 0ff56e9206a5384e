// Prepared statements for one-time codes and the send log behind the hourly send limits.
import type { Db } from '../db/open.ts';

export interface OtpCode {
  id: number;
  merchant_id: string;
  email: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
  failed_attempts: number;
  locked_until: string | null;
}

export class OtpRepository {
  private readonly insertStmt;
  private readonly latestStmt;
  private readonly deleteStmt;
  private readonly consumeStmt;
  private readonly failStmt;
  private readonly logStmt;
  private readonly emailSendsStmt;
  private readonly ipSendsStmt;
  private readonly pruneStmt;

  constructor(readonly db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO otp_codes (merchant_id, email, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.latestStmt = db.prepare<[string, string], OtpCode>('SELECT * FROM otp_codes WHERE merchant_id = ? AND email = ? ORDER BY id DESC LIMIT 1');
    this.deleteStmt = db.prepare('DELETE FROM otp_codes WHERE id = ?');
    this.consumeStmt = db.prepare('UPDATE otp_codes SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL');
    this.failStmt = db.prepare('UPDATE otp_codes SET failed_attempts = failed_attempts + 1, locked_until = ? WHERE id = ?');
    this.logStmt = db.prepare('INSERT INTO otp_send_log (email, ip, created_at) VALUES (?, ?, ?)');
    this.emailSendsStmt = db.prepare<[string, string], { n: number; oldest: string | null }>(
      'SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM otp_send_log WHERE email = ? AND created_at > ?',
    );
    this.ipSendsStmt = db.prepare<[string, string], { n: number; oldest: string | null }>(
      'SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM otp_send_log WHERE ip = ? AND created_at > ?',
    );
    this.pruneStmt = db.prepare('DELETE FROM otp_send_log WHERE created_at <= ?');
  }

  insert(merchantId: string, email: string, codeHash: string, now: string, expiresAt: string): number {
    return Number(this.insertStmt.run(merchantId, email, codeHash, now, expiresAt).lastInsertRowid);
  }

  latest(merchantId: string, email: string): OtpCode | null {
    return this.latestStmt.get(merchantId, email) ?? null;
  }

  delete(id: number): void {
    this.deleteStmt.run(id);
  }

  /** False when another request consumed it first. */
  consume(id: number, now: string): boolean {
    return this.consumeStmt.run(now, id).changes === 1;
  }

  recordFailure(id: number, lockedUntil: string | null): void {
    this.failStmt.run(lockedUntil, id);
  }

  logSend(email: string, ip: string, now: string): void {
    this.logStmt.run(email, ip, now);
  }

  /** Sends since `since` for the email and for the IP, with the oldest of each (for Retry-After). */
  recentSends(email: string, ip: string, since: string): { email: { n: number; oldest: string | null }; ip: { n: number; oldest: string | null } } {
    return { email: this.emailSendsStmt.get(email, since)!, ip: this.ipSendsStmt.get(ip, since)! };
  }

  /** Drops log rows that no longer count towards any limit. */
  prune(before: string): void {
    this.pruneStmt.run(before);
  }
}
