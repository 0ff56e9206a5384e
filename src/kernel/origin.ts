// Browser origins as the server stores and compares them: scheme, host and port, lower case.
import { DomainError } from './errors.ts';

/** "https://Shop.example/" -> "https://shop.example"; throws DomainError invalid for anything that is not an http(s) origin. */
export function normaliseOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new DomainError('invalid', 'invalid_origin', `not an origin: ${origin} (expected e.g. https://shop.example)`);
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.pathname.length > 1 ||
    url.search ||
    url.hash ||
    url.username
  ) {
    throw new DomainError('invalid', 'invalid_origin', `not an origin: ${origin} (expected e.g. https://shop.example)`);
  }
  // Origins are compared exactly: "https://*.shop.example" would be kept and match no browser ever.
  if (url.hostname.includes('*'))
    throw new DomainError(
      'invalid',
      'invalid_origin',
      `not an origin: ${origin} (wildcards are not supported: list each one, e.g. https://www.shop.example)`,
    );
  return url.origin.toLowerCase();
}
