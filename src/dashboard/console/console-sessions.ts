// Signed-in browsers of both dashboards: a random token in the cookie, its sha256 in the store, a fixed lifetime.
import type { Clock } from '../../kernel/clock.ts';
import type { Sql } from '../../db/sql.ts';
import { randomToken } from '../../checkout/secrets.ts';
import { sha256 } from '../../kernel/crypto.ts';

/** Which dashboard a session belongs to; it names the table `subject_id` points into. */
export type Realm = 'developer' | 'merchant';

export interface ConsoleSession {
  id: number;
  realm: Realm;
  subject_id: number;
  created_at: string;
  expires_at: string;
}

export class ConsoleSessionRepository {
  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {}

  /** Opens a session for `subjectId` and returns the cookie's token (the only time it exists in clear). */
  async open(realm: Realm, subjectId: number, ttlMs: number): Promise<{ token: string; expiresAt: string }> {
    const now = this.clock();
    // Expired rows of every user go here, so the table never needs a sweeper.
    await this.sql.run('DELETE FROM console_sessions WHERE expires_at <= ?', [now.toISOString()]);
    const token = randomToken(realm === 'developer' ? 'gpd_' : 'gpm_');
    const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
    await this.sql.run(
      'INSERT INTO console_sessions (realm, subject_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      [realm, subjectId, sha256(token), now.toISOString(), expiresAt],
    );
    return { token, expiresAt };
  }

  /** The live session of `realm` with this cookie token, or null. */
  async find(realm: Realm, token: string): Promise<ConsoleSession | null> {
    const row = await this.sql.get<ConsoleSession>(
      'SELECT id, realm, subject_id, created_at, expires_at FROM console_sessions WHERE token_hash = ? AND realm = ? AND expires_at > ?',
      [sha256(token), realm, this.clock().toISOString()],
    );
    return row ?? null;
  }

  /** Ends the session with this cookie token (sign out). */
  async close(token: string): Promise<void> {
    await this.sql.run('DELETE FROM console_sessions WHERE token_hash = ?', [sha256(token)]);
  }
}
