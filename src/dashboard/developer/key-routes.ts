// The account's keys over /dashboard/api/keys: list, create (server or domain-scoped public), revoke; only ever the account's own.
import { z } from 'zod';
import { DomainError } from '../../kernel/errors.ts';
import type { Clock } from '../../kernel/clock.ts';
import { routesWith, type RouteDef } from '../../http/route.ts';
import type { ApiKeyRecord, ApiKeyRepository } from '../../platform/api-keys.ts';
import { limitsOf } from '../../platform/gate.ts';
import { monthKey, nextMonthStart } from '../../platform/plans.ts';
import type { LoggedRequest, RequestLog } from '../../platform/request-log.ts';
import type { UsageRepository } from '../../platform/usage-repository.ts';
import type { DeveloperAccount } from './accounts.ts';
import {
  CreatedKeySchema,
  CreateKeySchema,
  KeyIdParamsSchema,
  KeyRequestsSchema,
  KeyViewSchema,
  type KeyView,
} from './schemas.ts';

export interface KeyRouteDeps {
  keys: ApiKeyRepository;
  usage: UsageRepository;
  requests: RequestLog;
  clock: Clock;
}

/**
 * The log by time, newest first: each HTTP thread writes its own second, so the store's order interleaves threads.
 * The sort is stable: requests of the same instant keep the store's order.
 */
function newestFirst(requests: LoggedRequest[]): LoggedRequest[] {
  return requests.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

/** Active keys an account may hold: plenty for environments and sites, few enough that the list stays a list. */
export const MAX_ACTIVE_KEYS = 20;
const BASE = '/dashboard/api';

export function keyRoutes(d: KeyRouteDeps): RouteDef[] {
  const route = routesWith<DeveloperAccount>();
  // Served to the dashboard page only: left out of /openapi.json like every dashboard route.
  const common = { auth: 'developer' as const, tag: 'dashboard', hidden: true };
  const view = (key: ApiKeyRecord, used: number): KeyView => ({
    id: key.id,
    prefix: key.prefix,
    label: key.label,
    type: key.isPublic ? 'public' : 'server',
    plan: key.plan,
    allowed_origins: key.allowedOrigins,
    created_at: key.createdAt,
    revoked_at: key.revokedAt,
    used_this_month: used,
    monthly_limit: limitsOf(key).monthly,
    quota_resets_at: nextMonthStart(d.clock()).toISOString(),
  });
  return [
    route({
      ...common,
      method: 'get',
      path: `${BASE}/keys`,
      response: z.object({ keys: z.array(KeyViewSchema) }),
      summary: "The account's keys, newest first, with this month's usage.",
      handle: async ({ auth }) => {
        const keys = (await d.keys.listOwned(auth.id)).reverse();
        const used = await d.usage.usedMany(
          keys.map((k) => k.id),
          monthKey(d.clock()),
        );
        return { keys: keys.map((k) => view(k, used.get(k.id) ?? 0)) };
      },
    }),
    route({
      ...common,
      method: 'post',
      path: `${BASE}/keys`,
      body: CreateKeySchema,
      response: CreatedKeySchema,
      errors: { 409: `Already ${MAX_ACTIVE_KEYS} active keys` },
      summary: "Creates a key on the account's plan; the key is in this answer only.",
      handle: async ({ auth, body }) => {
        const active = (await d.keys.listOwned(auth.id)).filter((k) => !k.revokedAt).length;
        if (active >= MAX_ACTIVE_KEYS)
          throw new DomainError(
            'conflict',
            'too_many_keys',
            `At most ${MAX_ACTIVE_KEYS} active keys; revoke one first`,
          );
        const { key, record } = await d.keys.create({
          plan: auth.plan,
          label: body.label ?? null,
          isPublic: body.type === 'public',
          allowedOrigins: body.allowed_origins,
          ownerId: auth.id,
        });
        return { key, record: view(record, 0) };
      },
    }),
    route({
      ...common,
      method: 'get',
      path: `${BASE}/keys/{id}/requests`,
      params: KeyIdParamsSchema,
      response: KeyRequestsSchema,
      errors: { 404: 'No key with this id on the account' },
      summary: "The key's latest requests (up to 100), newest first, with status and latency; revoked keys too.",
      handle: async ({ auth, params }) => {
        const owned = (await d.keys.listOwned(auth.id)).find((k) => k.id === params.id);
        if (!owned) throw new DomainError('not_found', 'key_not_found', `No key ${params.id} on this account`);
        return { key_id: owned.id, requests: newestFirst(await d.requests.recent(owned.id)) };
      },
    }),
    route({
      ...common,
      method: 'delete',
      path: `${BASE}/keys/{id}`,
      params: KeyIdParamsSchema,
      response: KeyViewSchema,
      errors: { 404: 'No active key with this id on the account' },
      summary: 'Revokes a key of the account; every node refuses it within a second.',
      handle: async ({ auth, params }) => {
        const revoked = await d.keys.revokeOwned(auth.id, params.id);
        if (!revoked) throw new DomainError('not_found', 'key_not_found', `No active key ${params.id} on this account`);
        return view(revoked, await d.usage.used(revoked.id, monthKey(d.clock())));
      },
    }),
  ];
}
