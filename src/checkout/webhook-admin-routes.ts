// The webhook actions of /checkout-admin: attempts, deliveries, one delivery, send again or now, and a test send.
import { z } from 'zod';
import { routesWith, type RouteDef } from '../http/route.ts';
import { adminAction } from './admin-routes.ts';
import { PageSchema, RedeliverSchema } from './admin-schema.ts';
import type { MerchantPrincipal } from './audit-log.ts';
import {
  DeliveriesPageSchema,
  DeliveryDetailSchema,
  DeliverySummariesSchema,
  RedeliveredFailingSchema,
  RedeliveredSchema,
  TestWebhookSchema,
} from './responses.ts';
import { UuidSchema } from './schema.ts';
import {
  REDELIVER_ALL_BATCH,
  REDELIVER_ALL_PER_MINUTE,
  TEST_WEBHOOKS_PER_MINUTE,
  type WebhookAdmin,
} from './webhook-admin.ts';

const DeliveryFilterSchema = z
  .enum(['pending', 'sending', 'delivered', 'failed', 'failing'])
  .optional()
  .meta({ description: 'Only deliveries in this state; failing: failed, or waiting to retry after a failed attempt' });

export function webhookAdminRoutes(webhooks: WebhookAdmin): RouteDef[] {
  const route = routesWith<MerchantPrincipal>();
  return [
    route({
      ...adminAction('get', 'webhook_deliveries'),
      query: PageSchema,
      response: DeliveriesPageSchema,
      summary: 'Recent delivery attempts (HTTP status, response body, retry state), newest first.',
      handle: ({ auth, query }) => webhooks.attempts(auth, query),
    }),
    route({
      ...adminAction('get', 'webhook_events'),
      query: PageSchema.extend({ state: DeliveryFilterSchema }),
      response: DeliverySummariesSchema,
      summary: 'Deliveries, one per event sent, newest first, each with its state, attempts and latest attempt.',
      handle: ({ auth, query }) => webhooks.deliveries(auth, query),
    }),
    route({
      ...adminAction('get', 'webhook_delivery'),
      query: z.object({ delivery_id: UuidSchema.meta({ description: 'Required for webhook_delivery' }) }),
      response: DeliveryDetailSchema,
      errors: { 404: 'No delivery with this id' },
      summary: 'One delivery: the exact body it sends, its state, the next attempt and every attempt with its answer.',
      handle: ({ auth, query }) => webhooks.delivery(auth, query.delivery_id),
    }),
    route({
      ...adminAction('post', 'redeliver_webhook'),
      body: RedeliverSchema,
      response: RedeliveredSchema,
      errors: { 404: 'No failed or waiting delivery with this id', 409: 'No webhook_url configured' },
      summary:
        'Sends a delivery again with its original payload and delivery id: a failed one from its first attempt, ' +
        'one waiting for a retry now.',
      handle: ({ auth, body }) => webhooks.redeliver(auth, body.delivery_id),
    }),
    route({
      ...adminAction('post', 'redeliver_failing'),
      response: RedeliveredFailingSchema,
      errors: {
        409: 'No webhook_url configured',
        429: `More than ${REDELIVER_ALL_PER_MINUTE} calls a minute`,
      },
      summary:
        `Sends again every failed delivery, and now every one waiting to retry, oldest first, ${REDELIVER_ALL_BATCH} a ` +
        'call (more: true when others are left for another call), each with its original payload and delivery id.',
      handle: ({ auth }) => webhooks.redeliverFailing(auth),
    }),
    route({
      ...adminAction('post', 'test_webhook'),
      envelope: 'fields',
      response: TestWebhookSchema,
      errors: {
        409: 'No webhook_url configured',
        429: `More than ${TEST_WEBHOOKS_PER_MINUTE} test deliveries a minute`,
      },
      summary: 'Queues one session.phone_verified delivery with a test payload to the configured webhook_url.',
      handle: ({ auth }) => webhooks.testWebhook(auth),
    }),
  ];
}
