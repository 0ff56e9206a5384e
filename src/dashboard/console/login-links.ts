// One-time sign-in links: a random token printed by an operator command, its sha256 stored, redeemed once before expiry.
import type { Clock } from '../../kernel/clock.ts';
import type { Sql } from '../../db/sql.ts';
import { randomToken } from '../../checkout/secrets.ts';
import { sha256 } from '../../kernel/crypto.ts';
import type { Realm } from './console-sessions.ts';

/** How long a printed link works unless the command says otherwise. */
export const LOGIN_LINK_TTL_MS = 15 * 60_000;

export class LoginLinkRepository {
  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {}

  /** A new link token for `subjectId` (the only time it exists in clear) and when it stops working. */
  async issue(
    realm: Realm,
    subjectId: number,
    ttlMs = LOGIN_LINK_TTL_MS,
  ): Promise<{ token: string; expiresAt: string }> {
    const now = this.clock();
    await this.sql.run('DELETE FROM console_login_links WHERE expires_at <= ?', [now.toISOString()]);
    const token = randomToken('gpl_');
    const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
    await this.sql.run(
      'INSERT INTO console_login_links (realm, subject_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      [realm, subjectId, sha256(token), now.toISOString(), expiresAt],
    );
    return { token, expiresAt };
  }

  /** Marks the link used and returns its subject; null when it is unknown, of another dashboard, used or expired. */
  async redeem(realm: Realm, token: string): Promise<number | null> {
    const now = this.clock().toISOString();
    const row = await this.sql.get<{ subject_id: number }>(
      `UPDATE console_login_links SET used_at = ?
       WHERE token_hash = ? AND realm = ? AND used_at IS NULL AND expires_at > ? RETURNING subject_id`,
      [now, sha256(token), realm, now],
    );
    return row?.subject_id ?? null;
  }
}
