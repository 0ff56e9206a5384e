// The buyer aggregate in the store: buyers of one merchant, found by email, phone or legacy customer id.
import type { Clock } from '../kernel/clock.ts';
import { newId } from '../kernel/ids.ts';
import type { Sql } from '../db/sql.ts';

export interface Buyer {
  id: string;
  merchant_id: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  legacy_customer_id: string | null;
  created_at: string;
  updated_at: string;
}

export type BuyerFields = Pick<Buyer, 'email' | 'phone' | 'name' | 'legacy_customer_id'>;

export class BuyerRepository {
  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {}

  /** The same repository inside a transaction. */
  in(tx: Sql): BuyerRepository {
    return new BuyerRepository(tx, this.clock);
  }

  async insert(merchantId: string, fields: BuyerFields): Promise<string> {
    const id = newId();
    const now = this.clock().toISOString();
    await this.sql.run(
      'INSERT INTO buyers (id, merchant_id, email, phone, name, legacy_customer_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [id, merchantId, fields.email, fields.phone, fields.name, fields.legacy_customer_id, now, now],
    );
    return id;
  }

  async update(merchantId: string, id: string, fields: BuyerFields): Promise<void> {
    await this.sql.run(
      'UPDATE buyers SET email = ?, phone = ?, name = ?, legacy_customer_id = ?, updated_at = ? WHERE id = ? AND merchant_id = ?',
      [fields.email, fields.phone, fields.name, fields.legacy_customer_id, this.clock().toISOString(), id, merchantId],
    );
  }

  byEmail(merchantId: string, email: string): Promise<Buyer | undefined> {
    return this.sql.get<Buyer>('SELECT * FROM buyers WHERE merchant_id = ? AND email = ?', [merchantId, email]);
  }

  byPhone(merchantId: string, phone: string): Promise<Buyer | undefined> {
    return this.sql.get<Buyer>('SELECT * FROM buyers WHERE merchant_id = ? AND phone = ?', [merchantId, phone]);
  }

  byLegacyId(merchantId: string, legacyId: string): Promise<Buyer | undefined> {
    return this.sql.get<Buyer>('SELECT * FROM buyers WHERE merchant_id = ? AND legacy_customer_id = ?', [
      merchantId,
      legacyId,
    ]);
  }

  /** The buyer with this email, created when there is none (OTP verify). */
  async findOrCreateByEmail(merchantId: string, email: string): Promise<string> {
    return (
      (await this.byEmail(merchantId, email))?.id ??
      this.insert(merchantId, { email, phone: null, name: null, legacy_customer_id: null })
    );
  }
}
