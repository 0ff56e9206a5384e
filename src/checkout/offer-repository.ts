// Prepared statements for offers; utm_rules is stored as JSON and parsed here.
import type { Db } from '../db/open.ts';
import { randomId } from './secrets.ts';
import type { Utm } from './session-repository.ts';

export interface Offer {
  id: string;
  title: string;
  description: string | null;
  discount_type: 'percent' | 'flat';
  /** Percent (1..100) or paise, by discount_type. */
  discount_value: number;
  min_cart_value_paise: number | null;
  utm_rules: Utm;
  priority: number;
  active: boolean;
  starts_at: string | null;
  ends_at: string | null;
  created_at: string;
}

export type NewOffer = Omit<Offer, 'id' | 'created_at'>;

interface OfferRow extends Omit<Offer, 'utm_rules' | 'active'> {
  utm_rules: string;
  active: number;
}

function toOffer(row: OfferRow): Offer {
  return { ...row, utm_rules: JSON.parse(row.utm_rules) as Utm, active: row.active === 1 };
}

export class OfferRepository {
  private readonly insertStmt;
  private readonly listStmt;
  private readonly byIdStmt;

  constructor(readonly db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO offers (id, merchant_id, title, description, discount_type, discount_value, min_cart_value_paise, utm_rules, priority, active, starts_at, ends_at, created_at)
       VALUES (@id, @merchant_id, @title, @description, @discount_type, @discount_value, @min_cart_value_paise, @utm_rules, @priority, @active, @starts_at, @ends_at, @created_at)`,
    );
    const columns = 'id, title, description, discount_type, discount_value, min_cart_value_paise, utm_rules, priority, active, starts_at, ends_at, created_at';
    this.listStmt = db.prepare<[string], OfferRow>(`SELECT ${columns} FROM offers WHERE merchant_id = ? ORDER BY priority DESC, created_at DESC, id`);
    this.byIdStmt = db.prepare<[string, string], OfferRow>(`SELECT ${columns} FROM offers WHERE merchant_id = ? AND id = ?`);
  }

  insert(merchantId: string, offer: NewOffer): Offer {
    const id = randomId('off');
    this.insertStmt.run({ ...offer, id, merchant_id: merchantId, utm_rules: JSON.stringify(offer.utm_rules), active: offer.active ? 1 : 0, created_at: new Date().toISOString() });
    return toOffer(this.byIdStmt.get(merchantId, id)!);
  }

  /** Highest priority first, then newest. */
  list(merchantId: string): Offer[] {
    return this.listStmt.all(merchantId).map(toOffer);
  }
}
