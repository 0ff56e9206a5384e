// Prepared statements for the buyer aggregate (buyers, looked up by email, phone or legacy id within one merchant).
import type { Db } from '../db/open.ts';
import { randomId } from './secrets.ts';

export interface Buyer {
  id: string;
  merchant_id: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  legacy_external_id: string | null;
  created_at: string;
  updated_at: string;
}

export type BuyerFields = Pick<Buyer, 'email' | 'phone' | 'name' | 'legacy_external_id'>;

export class BuyerRepository {
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly byEmailStmt;
  private readonly byPhoneStmt;
  private readonly byLegacyStmt;

  constructor(readonly db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO buyers (id, merchant_id, email, phone, name, legacy_external_id, created_at, updated_at)
       VALUES (@id, @merchant_id, @email, @phone, @name, @legacy_external_id, @now, @now)`,
    );
    this.updateStmt = db.prepare(
      `UPDATE buyers SET email = @email, phone = @phone, name = @name, legacy_external_id = @legacy_external_id, updated_at = @now
       WHERE id = @id AND merchant_id = @merchant_id`,
    );
    this.byEmailStmt = db.prepare<[string, string], Buyer>('SELECT * FROM buyers WHERE merchant_id = ? AND email = ?');
    this.byPhoneStmt = db.prepare<[string, string], Buyer>('SELECT * FROM buyers WHERE merchant_id = ? AND phone = ?');
    this.byLegacyStmt = db.prepare<[string, string], Buyer>('SELECT * FROM buyers WHERE merchant_id = ? AND legacy_external_id = ?');
  }

  insert(merchantId: string, fields: BuyerFields, now: string): string {
    const id = randomId('buy');
    this.insertStmt.run({ id, merchant_id: merchantId, ...fields, now });
    return id;
  }

  update(merchantId: string, id: string, fields: BuyerFields, now: string): void {
    this.updateStmt.run({ id, merchant_id: merchantId, ...fields, now });
  }

  byEmail(merchantId: string, email: string): Buyer | null {
    return this.byEmailStmt.get(merchantId, email) ?? null;
  }

  byPhone(merchantId: string, phone: string): Buyer | null {
    return this.byPhoneStmt.get(merchantId, phone) ?? null;
  }

  byLegacyId(merchantId: string, legacyId: string): Buyer | null {
    return this.byLegacyStmt.get(merchantId, legacyId) ?? null;
  }

  /** The buyer with this email, created when there is none (OTP verify). */
  findOrCreateByEmail(merchantId: string, email: string, now: string): string {
    return this.byEmail(merchantId, email)?.id ?? this.insert(merchantId, { email, phone: null, name: null, legacy_external_id: null }, now);
  }
}
