// Webhook verification: the one implementation is packages/webhook-verify; the build bundles it into this package.
export { DEFAULT_TOLERANCE_SECONDS, verifyWebhook, WebhookVerificationError } from '../../webhook-verify/index.js';
export type { VerifyWebhookOptions, WebhookHeaders, WebhookVerificationCode } from '../../webhook-verify/index.js';
