// What a client reads when a field is missing: "longitude: required", not zod's "expected string, received undefined".
import { z } from 'zod';

/** Sets zod's message for any value left out (schemas and issues with their own message keep it); idempotent. */
export function useSchemaMessages(): void {
  z.config({ customError: (issue) => (issue.input === undefined ? 'required' : undefined) });
}
