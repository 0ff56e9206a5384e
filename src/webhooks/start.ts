// Start-up and shutdown wiring for the webhook dispatcher: one per AppContext, stopped by the server's shutdown hooks.
import { checkoutModule } from '../checkout/module.ts';
import { webhookTargetLookup } from '../checkout/ports.ts';
import type { AppContext } from '../server/context.ts';
import { WebhookDispatcher, type WebhookTargetLookup } from './dispatcher.ts';
import { OutboxStore } from './outbox-store.ts';
import { loadWebhookSettings, type WebhookSettings } from './settings.ts';

const running = new WeakMap<AppContext, WebhookDispatcher>();

/** Overrides for tests; the server passes none. */
export interface StartWebhooksOptions {
  /** @default loadWebhookSettings(ctx.config.env) */
  settings?: WebhookSettings;
  /** @default the merchants table (webhook_url, decrypted webhook secret) */
  lookup?: WebhookTargetLookup;
}

/**
 * Starts the dispatcher for this server (idempotent) and registers its stop on `ctx.onShutdown`, which waits for
 * attempts in flight. Returns null when WEBHOOK_DISPATCHER=off.
 */
export function startWebhookDispatcher(ctx: AppContext, options: StartWebhooksOptions = {}): WebhookDispatcher | null {
  const existing = running.get(ctx);
  if (existing) return existing;
  const settings = options.settings ?? loadWebhookSettings(ctx.config.env);
  if (!settings.enabled) return null;
  const dispatcher = new WebhookDispatcher(new OutboxStore(ctx.db), options.lookup ?? webhookTargetLookup(checkoutModule(ctx)), settings.dispatcher);
  running.set(ctx, dispatcher);
  ctx.onShutdown.push(() => dispatcher.stop());
  dispatcher.start();
  return dispatcher;
}

/** Asks this server's dispatcher to scan now; call after committing an outbox row so delivery does not wait for the poll. */
export function wakeWebhookDispatcher(ctx: AppContext): void {
  running.get(ctx)?.wake();
}
