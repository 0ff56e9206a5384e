// The merchant's checkout routes for the per-route bench: admin reports and settings, offers, customer import.
import type { RouteFixtures } from './route-fixtures.ts';
import { PLACES } from './seed-rows.ts';
import { rotate, type RouteCase } from './route-case.ts';

/** Rows per import request: a small batch, as a shop's nightly sync of new customers sends it. */
const IMPORT_ROWS = 10;

export function merchantReadCases(f: RouteFixtures): RouteCase[] {
  const keyed = { 'x-api-key': f.shop.key };
  const admin = (action: string, query = ''): RouteCase => ({
    name: `GET /checkout-admin ${action}${query ? ` ${query}` : ''}`,
    kind: 'read',
    method: 'GET',
    path: `/checkout-admin?action=${action}${query ? `&${query}` : ''}`,
    headers: keyed,
    next: () => ({}),
  });
  return [
    {
      name: 'POST /checkout-offers list',
      kind: 'read',
      method: 'POST',
      path: '/checkout-offers',
      headers: { ...keyed, 'content-type': 'application/json' },
      next: () => ({ body: '{"action":"list"}' }),
    },
    // The dashboard opens with every section, the funnel among them: the sessions' total reads the days it kept.
    admin('funnel'),
    admin('sessions'),
    admin('sessions', 'limit=200'),
    admin('webhook_deliveries', 'limit=50'),
    admin('settings'),
  ];
}

export function merchantWriteCases(f: RouteFixtures, round: number): RouteCase[] {
  const headers = { 'x-api-key': f.admin.key, 'content-type': 'application/json' };
  return [
    {
      name: 'PATCH /checkout-admin settings',
      kind: 'write',
      method: 'PATCH',
      path: '/checkout-admin?action=settings',
      headers,
      next: (n) => ({
        body: JSON.stringify({ allowed_origins: ['https://shop.load.example', `https://m${n % 7}.load.example`] }),
      }),
    },
    {
      name: 'POST /checkout-offers create',
      kind: 'write',
      method: 'POST',
      path: '/checkout-offers',
      headers,
      next: (n) => ({
        body: JSON.stringify({
          action: 'create',
          title: `Weekend offer ${n}`,
          discount_type: 'percent',
          discount_value: 1 + (n % 50),
          utm_rules: { utm_source: 'instagram' },
          priority: n % 10,
        }),
      }),
    },
    {
      name: `POST /checkout-admin import_customers (${IMPORT_ROWS} rows)`,
      kind: 'write',
      method: 'POST',
      path: '/checkout-admin?action=import_customers',
      headers,
      next: (n) => ({
        body: JSON.stringify({
          batch_label: `sync ${n}`,
          rows: Array.from({ length: IMPORT_ROWS }, (_, i) => {
            const id = `${round}-${n}-${i}`;
            const place = rotate(PLACES, n + i);
            return {
              legacy_customer_id: `c-${id}`,
              legacy_address_id: `a-${id}`,
              email: `import-${id}@load.example`,
              // A phone of its own: a phone another buyer holds fails the row (a conflict, not an import).
              phone_e164: `+91${9_000_000_000 + ((round * 1_000_003 + n * IMPORT_ROWS + i) % 999_999_999)}`,
              name: 'Imported Buyer',
              flat_number: String(1 + i),
              street_name: place.street_name,
              city: place.city,
              state: place.state,
              pincode: place.pincode,
              is_default: 'yes',
            };
          }),
        }),
      }),
    },
  ];
}
