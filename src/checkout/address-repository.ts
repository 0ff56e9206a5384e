// Addresses in the store; every query is scoped to (merchant, buyer) so one buyer never sees another's.
import type { Clock } from '../kernel/clock.ts';
import { newId } from '../kernel/ids.ts';
import { DomainError } from '../kernel/errors.ts';
import { sameAs, type Sql } from '../db/sql.ts';

/** The editable fields: the import document's names, plus name, phone and landmark for delivery. */
export const ADDRESS_FIELDS = [
  'name',
  'phone',
  'flat_number',
  'building_name',
  'street_name',
  'locality',
  'landmark',
  'city',
  'district',
  'state',
  'pincode',
  'label',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressFields = Record<AddressField, string | null>;

export interface Address extends AddressFields {
  id: string;
  merchant_id: string;
  buyer_id: string;
  legacy_address_id: string | null;
  country: string;
  is_default: number;
  geopin: string | null;
  latitude: number | null;
  longitude: number | null;
  created_at: string;
  updated_at: string;
}

/** A point the buyer confirmed on the map, with its geopin; what address_completed and the webhook carry. */
export interface Pin {
  geopin: string;
  latitude: number;
  longitude: number;
}

/**
 * Addresses one buyer may keep: more than any household ships to, and a bound on what a session token used hostilely
 * can store and what `list` answers.
 */
export const ADDRESS_BOOK_LIMIT = 50;

const SET_FIELDS = ADDRESS_FIELDS.map((f) => `${f} = ?`).join(', ');

export class AddressRepository {
  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {}

  /** The same repository inside a transaction. */
  in(tx: Sql): AddressRepository {
    return new AddressRepository(tx, this.clock);
  }

  /** Inserts; the buyer's first address, or one asked to be, becomes the default. */
  async insert(
    merchantId: string,
    buyerId: string,
    fields: AddressFields,
    makeDefault: boolean,
    legacyId: string | null = null,
    pin: Pin | null = null,
  ): Promise<string> {
    return await this.sql.transaction(async (tx) => {
      const repo = this.in(tx);
      await repo.lockBook(merchantId, buyerId);
      return await repo.insertLocked(merchantId, buyerId, fields, makeDefault, legacyId, pin);
    });
  }

  /**
   * Saves a buyer's new address, unless their book already holds it: the same fields, and the same pin when one is
   * sent (a create sent again after its answer was lost, or a second tap). Then that one is answered, made the default
   * if asked, and nothing is added. `created` says which.
   */
  async saveNew(
    merchantId: string,
    buyerId: string,
    fields: AddressFields,
    makeDefault: boolean,
    pin: Pin | null,
  ): Promise<{ id: string; created: boolean }> {
    return await this.sql.transaction(async (tx) => {
      const repo = this.in(tx);
      await repo.lockBook(merchantId, buyerId);
      const same = await repo.alreadySaved(merchantId, buyerId, fields, pin);
      if (same === null)
        return { id: await repo.insertLocked(merchantId, buyerId, fields, makeDefault, null, pin), created: true };
      if (makeDefault) {
        await repo.clearDefault(merchantId, buyerId);
        await tx.run('UPDATE addresses SET is_default = 1 WHERE id = ?', [same]);
      }
      return { id: same, created: false };
    });
  }

  /** The buyer's address with exactly these fields (and this pin, when given), or null. */
  private async alreadySaved(merchantId: string, buyerId: string, fields: AddressFields, pin: Pin | null) {
    const is = sameAs(this.sql);
    const row = await this.sql.get<{ id: string }>(
      `SELECT id FROM addresses WHERE merchant_id = ? AND buyer_id = ?
         AND ${ADDRESS_FIELDS.map((f) => `${f} ${is} ?`).join(' AND ')}${pin ? ' AND geopin = ?' : ''}
       ORDER BY created_at LIMIT 1`,
      [merchantId, buyerId, ...ADDRESS_FIELDS.map((f) => fields[f]), ...(pin ? [pin.geopin] : [])],
    );
    return row?.id ?? null;
  }

  /** The insert itself, the buyer's book locked. */
  private async insertLocked(
    merchantId: string,
    buyerId: string,
    fields: AddressFields,
    makeDefault: boolean,
    legacyId: string | null,
    pin: Pin | null,
  ): Promise<string> {
    const id = newId();
    const now = this.clock().toISOString();
    const held = await this.sql.get<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM addresses WHERE merchant_id = ? AND buyer_id = ?',
      [merchantId, buyerId],
    );
    // PostgreSQL counts in bigint, which its driver hands over as a string.
    const count = Number(held?.n ?? 0);
    if (count >= ADDRESS_BOOK_LIMIT)
      throw new DomainError(
        'conflict',
        'address_book_full',
        `An address book holds at most ${ADDRESS_BOOK_LIMIT} addresses: delete one no longer used, then save this one`,
        { details: { limit: ADDRESS_BOOK_LIMIT } },
      );
    const first = count === 0;
    if (makeDefault && !first) await this.clearDefault(merchantId, buyerId);
    await this.sql.run(
      `INSERT INTO addresses (id, merchant_id, buyer_id, legacy_address_id, ${ADDRESS_FIELDS.join(', ')}, is_default,
         geopin, latitude, longitude, created_at, updated_at)
       VALUES (?, ?, ?, ?, ${ADDRESS_FIELDS.map(() => '?').join(', ')}, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        merchantId,
        buyerId,
        legacyId,
        ...ADDRESS_FIELDS.map((f) => fields[f]),
        makeDefault || first ? 1 : 0,
        pin?.geopin ?? null,
        pin?.latitude ?? null,
        pin?.longitude ?? null,
        now,
        now,
      ],
    );
    return id;
  }

  /**
   * Replaces the fields and the pin: `pin` null clears it (recomputed lazily from the text), 'keep' leaves the stored one.
   * `movesDelivery`: where or to whom it ships changed, so an open checkout that chose it must confirm it again.
   */
  async update(
    merchantId: string,
    buyerId: string,
    id: string,
    fields: AddressFields,
    pin: Pin | null | 'keep' = null,
    movesDelivery = false,
  ): Promise<void> {
    const setPin = pin === 'keep' ? '' : ', geopin = ?, latitude = ?, longitude = ?';
    const pinValues = pin === 'keep' ? [] : [pin?.geopin ?? null, pin?.latitude ?? null, pin?.longitude ?? null];
    const write = (sql: Sql) =>
      sql.run(
        `UPDATE addresses SET ${SET_FIELDS}${setPin}, updated_at = ? WHERE id = ? AND merchant_id = ? AND buyer_id = ?`,
        [...ADDRESS_FIELDS.map((f) => fields[f]), ...pinValues, this.clock().toISOString(), id, merchantId, buyerId],
      );
    if (!movesDelivery) {
      await write(this.sql);
      return;
    }
    await this.sql.transaction(async (tx) => {
      await this.in(tx).lockBook(merchantId, buyerId);
      await this.in(tx).releaseChoices(merchantId, id);
      await write(tx);
    });
  }

  /** Deletes; when the default goes, the oldest remaining address becomes the default. */
  async delete(merchantId: string, buyerId: string, id: string): Promise<void> {
    await this.sql.transaction(async (tx) => {
      const repo = this.in(tx);
      await repo.lockBook(merchantId, buyerId);
      const wasDefault = (await repo.byId(merchantId, buyerId, id))?.is_default === 1;
      await repo.releaseChoices(merchantId, id);
      await tx.run('DELETE FROM addresses WHERE id = ? AND merchant_id = ? AND buyer_id = ?', [
        id,
        merchantId,
        buyerId,
      ]);
      const next = (await repo.list(merchantId, buyerId))[0];
      if (wasDefault && next) await repo.setDefault(merchantId, buyerId, next.id);
    });
  }

  list(merchantId: string, buyerId: string): Promise<Address[]> {
    return this.sql.all<Address>(
      'SELECT * FROM addresses WHERE merchant_id = ? AND buyer_id = ? ORDER BY is_default DESC, created_at, id',
      [merchantId, buyerId],
    );
  }

  async byId(merchantId: string, buyerId: string, id: string): Promise<Address | null> {
    return (
      (await this.sql.get<Address>('SELECT * FROM addresses WHERE id = ? AND merchant_id = ? AND buyer_id = ?', [
        id,
        merchantId,
        buyerId,
      ])) ?? null
    );
  }

  async byLegacyId(merchantId: string, buyerId: string, legacyId: string): Promise<Address | null> {
    return (
      (await this.sql.get<Address>(
        'SELECT * FROM addresses WHERE merchant_id = ? AND buyer_id = ? AND legacy_address_id = ?',
        [merchantId, buyerId, legacyId],
      )) ?? null
    );
  }

  /**
   * The buyer's address with the same flat, building, street, locality and pincode, letter case aside ("MG Road" is
   * "mg road"): how a re-import recognises one.
   */
  async byLines(merchantId: string, buyerId: string, f: AddressFields): Promise<Address | null> {
    const keys = ['flat_number', 'building_name', 'street_name', 'locality', 'pincode'] as const;
    const same = keys.map((k) => `lower(${k}) ${sameAs(this.sql)} lower(CAST(? AS TEXT))`).join(' AND ');
    return (
      (await this.sql.get<Address>(
        `SELECT * FROM addresses WHERE merchant_id = ? AND buyer_id = ? AND ${same} ORDER BY created_at, id LIMIT 1`,
        [merchantId, buyerId, ...keys.map((k) => f[k])],
      )) ?? null
    );
  }

  /** Makes `id` the only default of the buyer, atomically. */
  async setDefault(merchantId: string, buyerId: string, id: string): Promise<void> {
    await this.sql.transaction(async (tx) => {
      const repo = this.in(tx);
      await repo.lockBook(merchantId, buyerId);
      await repo.clearDefault(merchantId, buyerId);
      await tx.run('UPDATE addresses SET is_default = 1 WHERE id = ? AND merchant_id = ? AND buyer_id = ?', [
        id,
        merchantId,
        buyerId,
      ]);
    });
  }

  async saveGeocode(merchantId: string, id: string, geopin: string, lat: number, lon: number): Promise<void> {
    await this.sql.run(
      'UPDATE addresses SET geopin = ?, latitude = ?, longitude = ? WHERE id = ? AND merchant_id = ?',
      [geopin, lat, lon, id, merchantId],
    );
  }

  /**
   * Open checkouts that chose this address, about to lose it or see it changed, need an address confirmed again (back
   * to `verified`), so the merchant's session.address_completed is never left describing another address. A gateway
   * order made for it may still be paid (it is still being checked, abandoned or not), and a paid order must know where
   * it ships: then 409. The sessions are locked first: an order being recorded waits, or is refused once the session
   * has no confirmed address (payments/repository.ts insertOrder).
   */
  private async releaseChoices(merchantId: string, id: string): Promise<void> {
    const lock = this.sql.dialect === 'postgres' ? ' FOR UPDATE' : '';
    const chosenBy = await this.sql.all<{ status: string; checked: unknown }>(
      `SELECT s.status,
         EXISTS (SELECT 1 FROM payment_orders o WHERE o.session_id = s.id AND o.check_after IS NOT NULL) AS checked
       FROM checkout_sessions s WHERE s.selected_address_id = ? AND s.merchant_id = ?${lock}`,
      [id, merchantId],
    );
    // SQLite answers EXISTS with 1 or 0, PostgreSQL with a boolean: Number() reads both.
    if (chosenBy.some((s) => s.status !== 'completed' && Number(s.checked) === 1))
      throw new DomainError(
        'conflict',
        'address_in_payment',
        'This address is where an order being paid online will be delivered: choose another address for it ' +
          'first, or finish paying',
      );
    await this.sql.run(
      `UPDATE checkout_sessions SET status = 'verified'
       WHERE selected_address_id = ? AND merchant_id = ? AND status = 'address_completed'`,
      [id, merchantId],
    );
  }

  /**
   * Serialises changes to one buyer's book, so concurrent ones neither deadlock nor leave two defaults: PostgreSQL locks
   * the buyer's row (one lock, taken first by every change); SQLite runs one write transaction at a time anyway.
   */
  private async lockBook(merchantId: string, buyerId: string): Promise<void> {
    if (this.sql.dialect === 'postgres')
      await this.sql.get('SELECT id FROM buyers WHERE id = ? AND merchant_id = ? FOR UPDATE', [buyerId, merchantId]);
  }

  private async clearDefault(merchantId: string, buyerId: string): Promise<void> {
    await this.sql.run(
      'UPDATE addresses SET is_default = 0 WHERE merchant_id = ? AND buyer_id = ? AND is_default = 1',
      [merchantId, buyerId],
    );
  }
}
