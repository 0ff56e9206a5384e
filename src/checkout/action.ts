// One clear 400 for a missing or unknown body `action`, before the schema's less readable union error.
import { HttpError } from '../server/http-error.ts';

/** Throws 400 unknown_action unless `body.action` is one of `actions`. */
export function requireAction(body: unknown, actions: readonly string[]): void {
  const action = body && typeof body === 'object' ? (body as { action?: unknown }).action : undefined;
  if (typeof action !== 'string' || !actions.includes(action)) {
    throw new HttpError(400, 'unknown_action', `action must be one of ${actions.join(', ')}`);
  }
}
