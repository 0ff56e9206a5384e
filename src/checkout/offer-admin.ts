// The merchant's offers: list, create and update, each change written with its audit entry in one transaction.
import type { Sql } from '../db/sql.ts';
import { DomainError } from '../kernel/errors.ts';
import { offerRules, PERCENT_TOO_HIGH } from './admin-schema.ts';
import { changesOf, type AuditLog, type MerchantPrincipal } from './audit-log.ts';
import type { NewOffer, OfferRepository } from './offer-repository.ts';

export class OfferAdmin {
  constructor(
    private readonly sql: Sql,
    private readonly offers: OfferRepository,
    private readonly audit: AuditLog,
  ) {}

  async list(merchantId: string) {
    return { offers: await this.offers.list(merchantId) };
  }

  create(merchant: MerchantPrincipal, offer: NewOffer) {
    return this.sql.transaction(async (tx) => {
      const created = await this.offers.in(tx).insert(merchant.id, offer);
      const changes = changesOf({}, created, Object.keys(offer));
      await this.audit.in(tx).record(merchant.id, merchant.actor, 'offer_created', created.id, changes);
      return created;
    });
  }

  /** Changes the fields in `patch`; the offer as it then stands must obey create's rules (400), and be theirs (404). */
  update(merchant: MerchantPrincipal, id: string, patch: Partial<NewOffer>) {
    return this.sql.transaction(async (tx) => {
      const before = await this.offers.in(tx).byId(merchant.id, id);
      if (!before) throw new DomainError('not_found', 'offer_not_found', `No offer ${id}`);
      const { id: _id, created_at: _created, ...current } = before;
      const after: NewOffer = { ...current, ...patch };
      checkOffer(after);
      const updated = (await this.offers.in(tx).update(merchant.id, id, after))!;
      const changes = changesOf(before, updated, Object.keys(patch));
      await this.audit.in(tx).record(merchant.id, merchant.actor, 'offer_updated', id, changes);
      return updated;
    });
  }
}

/** The rules create checks field by field, checked on the offer as an update leaves it (400 with the field). */
function checkOffer(o: NewOffer): void {
  const refuse = (path: string, message: string) =>
    new DomainError('invalid', 'invalid_request', `${path}: ${message}`, { details: { issues: [{ path, message }] } });
  if (!offerRules.percent(o)) throw refuse('discount_value', PERCENT_TOO_HIGH);
  if (!offerRules.window(o)) throw refuse('ends_at', 'starts_at must be before ends_at');
}
