// People who may sign in to /merchant for one merchant; the merchant's api key never reaches their browsers.
import type { Clock } from '../../kernel/clock.ts';
import { DomainError } from '../../kernel/errors.ts';
import { isConstraintError, type Sql } from '../../db/sql.ts';

export interface MerchantUser {
  id: number;
  merchant_id: string;
  email: string;
  created_at: string;
}

export class MerchantUserRepository {
  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {}

  /** Adds `email` (lower-cased) to the merchant; an email belongs to one merchant (409 when it is another's). */
  async add(merchantId: string, email: string): Promise<MerchantUser> {
    const existing = await this.byEmail(email);
    if (existing) {
      if (existing.merchant_id === merchantId) return existing;
      throw new DomainError('conflict', 'email_taken', `${email} already signs in for another merchant`);
    }
    try {
      return (await this.sql.get<MerchantUser>(
        'INSERT INTO merchant_users (merchant_id, email, created_at) VALUES (?, ?, ?) RETURNING *',
        [merchantId, email.toLowerCase(), this.clock().toISOString()],
      ))!;
    } catch (err) {
      if (isConstraintError(err))
        throw new DomainError('conflict', 'email_taken', `${email} was added at the same time elsewhere`);
      throw err;
    }
  }

  /** Removes the user; their open sessions stop working on the next request. */
  async remove(merchantId: string, email: string): Promise<boolean> {
    return (
      (await this.sql.run('DELETE FROM merchant_users WHERE merchant_id = ? AND email = ?', [
        merchantId,
        email.toLowerCase(),
      ])) > 0
    );
  }

  async byEmail(email: string): Promise<MerchantUser | null> {
    return (
      (await this.sql.get<MerchantUser>('SELECT * FROM merchant_users WHERE email = ?', [email.toLowerCase()])) ?? null
    );
  }

  async byId(id: number): Promise<MerchantUser | null> {
    return (await this.sql.get<MerchantUser>('SELECT * FROM merchant_users WHERE id = ?', [id])) ?? null;
  }

  async list(merchantId: string): Promise<MerchantUser[]> {
    return this.sql.all<MerchantUser>('SELECT * FROM merchant_users WHERE merchant_id = ? ORDER BY id', [merchantId]);
  }
}
