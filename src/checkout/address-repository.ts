// Prepared statements for addresses; every query is scoped to (merchant, buyer) so one buyer never sees another's.
import type { Db } from '../db/open.ts';
import { randomId } from './secrets.ts';

export interface Address {
  id: string;
  merchant_id: string;
  buyer_id: string;
  name: string | null;
  phone: string | null;
  line1: string;
  line2: string | null;
  landmark: string | null;
  city: string;
  state: string | null;
  pincode: string;
  country: string;
  is_default: number;
  geopin: string | null;
  latitude: number | null;
  longitude: number | null;
  created_at: string;
  updated_at: string;
}

/** The fields a buyer or an import sets. */
export type AddressFields = Pick<Address, 'name' | 'phone' | 'line1' | 'line2' | 'landmark' | 'city' | 'state' | 'pincode' | 'country'>;

export class AddressRepository {
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly deleteStmt;
  private readonly listStmt;
  private readonly byIdStmt;
  private readonly byLineStmt;
  private readonly anyStmt;
  private readonly clearDefaultStmt;
  private readonly setDefaultStmt;
  private readonly geocodeStmt;

  constructor(readonly db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO addresses (id, merchant_id, buyer_id, name, phone, line1, line2, landmark, city, state, pincode, country, is_default, created_at, updated_at)
       VALUES (@id, @merchant_id, @buyer_id, @name, @phone, @line1, @line2, @landmark, @city, @state, @pincode, @country, @is_default, @now, @now)`,
    );
    // The geopin belongs to the old text, so an edit clears it; it is recomputed lazily.
    this.updateStmt = db.prepare(
      `UPDATE addresses SET name = @name, phone = @phone, line1 = @line1, line2 = @line2, landmark = @landmark, city = @city, state = @state,
         pincode = @pincode, country = @country, geopin = NULL, latitude = NULL, longitude = NULL, updated_at = @now
       WHERE id = @id AND merchant_id = @merchant_id AND buyer_id = @buyer_id`,
    );
    this.deleteStmt = db.prepare('DELETE FROM addresses WHERE id = ? AND merchant_id = ? AND buyer_id = ?');
    this.listStmt = db.prepare<[string, string], Address>(
      'SELECT * FROM addresses WHERE merchant_id = ? AND buyer_id = ? ORDER BY is_default DESC, created_at, id',
    );
    this.byIdStmt = db.prepare<[string, string, string], Address>('SELECT * FROM addresses WHERE id = ? AND merchant_id = ? AND buyer_id = ?');
    this.byLineStmt = db.prepare<[string, string, string, string], Address>(
      'SELECT * FROM addresses WHERE merchant_id = ? AND buyer_id = ? AND line1 = ? AND pincode = ? LIMIT 1',
    );
    this.anyStmt = db.prepare<[string, string], number>('SELECT 1 FROM addresses WHERE merchant_id = ? AND buyer_id = ? LIMIT 1').pluck();
    this.clearDefaultStmt = db.prepare('UPDATE addresses SET is_default = 0 WHERE merchant_id = ? AND buyer_id = ? AND is_default = 1');
    this.setDefaultStmt = db.prepare('UPDATE addresses SET is_default = 1 WHERE id = ? AND merchant_id = ? AND buyer_id = ?');
    this.geocodeStmt = db.prepare('UPDATE addresses SET geopin = ?, latitude = ?, longitude = ? WHERE id = ? AND merchant_id = ?');
  }

  /** Inserts; the buyer's first address becomes the default. */
  insert(merchantId: string, buyerId: string, fields: AddressFields, makeDefault: boolean, now: string): string {
    const id = randomId('adr');
    const first = this.anyStmt.get(merchantId, buyerId) === undefined;
    if (makeDefault && !first) this.clearDefaultStmt.run(merchantId, buyerId);
    this.insertStmt.run({ id, merchant_id: merchantId, buyer_id: buyerId, ...fields, is_default: makeDefault || first ? 1 : 0, now });
    return id;
  }

  update(merchantId: string, buyerId: string, id: string, fields: AddressFields, now: string): void {
    this.updateStmt.run({ id, merchant_id: merchantId, buyer_id: buyerId, ...fields, now });
  }

  delete(merchantId: string, buyerId: string, id: string): boolean {
    return this.deleteStmt.run(id, merchantId, buyerId).changes === 1;
  }

  list(merchantId: string, buyerId: string): Address[] {
    return this.listStmt.all(merchantId, buyerId);
  }

  byId(merchantId: string, buyerId: string, id: string): Address | null {
    return this.byIdStmt.get(id, merchantId, buyerId) ?? null;
  }

  /** The buyer's address with the same first line and pincode (how a re-import recognises an address). */
  byLine(merchantId: string, buyerId: string, line1: string, pincode: string): Address | null {
    return this.byLineStmt.get(merchantId, buyerId, line1, pincode) ?? null;
  }

  setDefault(merchantId: string, buyerId: string, id: string): void {
    this.clearDefaultStmt.run(merchantId, buyerId);
    this.setDefaultStmt.run(id, merchantId, buyerId);
  }

  saveGeocode(merchantId: string, id: string, geopin: string, lat: number, lon: number): void {
    this.geocodeStmt.run(geopin, lat, lon, id, merchantId);
  }
}
