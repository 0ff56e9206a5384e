// Identifiers: every id the API shows is a random UUID (v4), one convention for every resource.
import { randomUUID } from 'node:crypto';

/** A new random UUID. */
export function newId(): string {
  return randomUUID();
}
