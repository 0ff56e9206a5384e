// Identifiers: every id the API shows is a random UUID (v4), one convention for every resource.
import { randomUUID } from 'node:crypto';

/** A new random UUID. */
export function newId(): string {
  return randomUUID();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in its canonical text form. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
