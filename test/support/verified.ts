// The one webhook verification the tests use: packages/webhook-verify, which merchants install.
import { verifyWebhook } from '../../packages/webhook-verify/index.js';

/** True when a delivery (or a signed courier call) passes the published verifier: both signatures and the time window. */
export function verified(rawBody: string | Buffer, headers: Record<string, unknown>, secret: string): boolean {
  try {
    verifyWebhook({ rawBody, headers: headers as Record<string, string>, secret });
    return true;
  } catch {
    return false;
  }
}
