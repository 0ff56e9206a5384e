// Offers in the store; utm_rules is kept as JSON text and parsed here.
import type { Clock } from '../kernel/clock.ts';
import { newId } from '../kernel/ids.ts';
import type { Sql } from '../db/sql.ts';
import type { Utm } from './session-repository.ts';

export interface Offer {
  id: string;
  title: string;
  description: string | null;
  discount_type: 'percent' | 'flat';
  /** Percent (1..99) or paise, by discount_type. */
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

const COLUMNS =
  'id, title, description, discount_type, discount_value, min_cart_value_paise, utm_rules, priority, active, starts_at, ends_at, created_at';

function toOffer(row: OfferRow): Offer {
  return { ...row, utm_rules: JSON.parse(row.utm_rules) as Utm, active: row.active === 1 };
}

export class OfferRepository {
  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {}

  /** The same repository inside a transaction. */
  in(tx: Sql): OfferRepository {
    return new OfferRepository(tx, this.clock);
  }

  async insert(merchantId: string, o: NewOffer): Promise<Offer> {
    const row = await this.sql.get<OfferRow>(
      `INSERT INTO offers (id, merchant_id, title, description, discount_type, discount_value, min_cart_value_paise, utm_rules, priority, active, starts_at, ends_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
      [
        newId(),
        merchantId,
        o.title,
        o.description,
        o.discount_type,
        o.discount_value,
        o.min_cart_value_paise,
        JSON.stringify(o.utm_rules),
        o.priority,
        o.active ? 1 : 0,
        o.starts_at,
        o.ends_at,
        this.clock().toISOString(),
      ],
    );
    return toOffer(row!);
  }

  async byId(merchantId: string, id: string): Promise<Offer | null> {
    const row = await this.sql.get<OfferRow>(`SELECT ${COLUMNS} FROM offers WHERE merchant_id = ? AND id = ?`, [
      merchantId,
      id,
    ]);
    return row ? toOffer(row) : null;
  }

  /** Writes every field of `o` (the whole offer after a change); null when the merchant has no such offer. */
  async update(merchantId: string, id: string, o: NewOffer): Promise<Offer | null> {
    const row = await this.sql.get<OfferRow>(
      `UPDATE offers SET title = ?, description = ?, discount_type = ?, discount_value = ?, min_cart_value_paise = ?,
         utm_rules = ?, priority = ?, active = ?, starts_at = ?, ends_at = ?
       WHERE merchant_id = ? AND id = ? RETURNING ${COLUMNS}`,
      [
        o.title,
        o.description,
        o.discount_type,
        o.discount_value,
        o.min_cart_value_paise,
        JSON.stringify(o.utm_rules),
        o.priority,
        o.active ? 1 : 0,
        o.starts_at,
        o.ends_at,
        merchantId,
        id,
      ],
    );
    return row ? toOffer(row) : null;
  }

  /** Highest priority first, then newest; at most `limit`. */
  async list(merchantId: string, limit = 500): Promise<Offer[]> {
    const rows = await this.sql.all<OfferRow>(
      `SELECT ${COLUMNS} FROM offers WHERE merchant_id = ? ORDER BY priority DESC, created_at DESC, id LIMIT ?`,
      [merchantId, limit],
    );
    return rows.map(toOffer);
  }

  /**
   * The offers a session could be shown now: switched on, in their time window, cart minimum met (a cart of
   * `cartPaise`), in list order. The banner reads only these; the UTM rules are matched in code.
   */
  async live(merchantId: string, cartPaise: number, now: string, limit = 500): Promise<Offer[]> {
    const rows = await this.sql.all<OfferRow>(
      `SELECT ${COLUMNS} FROM offers WHERE merchant_id = ? AND active = 1
         AND (starts_at IS NULL OR starts_at <= ?) AND (ends_at IS NULL OR ends_at > ?)
         AND (min_cart_value_paise IS NULL OR min_cart_value_paise <= ?)
       ORDER BY priority DESC, created_at DESC, id LIMIT ?`,
      [merchantId, now, now, cartPaise, limit],
    );
    return rows.map(toOffer);
  }
}
