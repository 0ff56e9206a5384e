// Where each completed order ships: its chosen address as it was at completion, whatever the buyer's book says later.
import type { Sql } from '../db/sql.ts';
import { ADDRESS_FIELDS, type Address, type AddressFields } from './address-repository.ts';

/** A completed order's delivery address; `id` is the saved address it was taken from, which may be gone by now. */
export type DeliveryAddress = AddressFields & Pick<Address, 'id' | 'country' | 'geopin' | 'latitude' | 'longitude'>;

const KEPT = [...ADDRESS_FIELDS, 'country', 'geopin', 'latitude', 'longitude'] as const;

export class DeliveryAddresses {
  constructor(private readonly sql: Sql) {}

  /**
   * Keeps the session's chosen address as its order's, with `tx`: the transaction that completes the session, so an
   * edit or delete of the saved address comes before it (and is kept) or after it (and changes the book only).
   */
  async keep(tx: Sql, merchantId: string, sessionId: string): Promise<void> {
    await tx.run(
      `INSERT INTO delivery_addresses (session_id, address_id, ${KEPT.join(', ')})
       SELECT s.id, a.id, ${KEPT.map((c) => `a.${c}`).join(', ')}
       FROM checkout_sessions s JOIN addresses a ON a.id = s.selected_address_id AND a.merchant_id = s.merchant_id
       WHERE s.id = ? AND s.merchant_id = ?`,
      [sessionId, merchantId],
    );
  }

  /** The completed session's delivery address; null for a session not completed (its address is the chosen one). */
  async of(sessionId: string): Promise<DeliveryAddress | null> {
    return (
      (await this.sql.get<DeliveryAddress>(
        `SELECT address_id AS id, ${KEPT.join(', ')} FROM delivery_addresses WHERE session_id = ?`,
        [sessionId],
      )) ?? null
    );
  }
}
