// Batch requests without their schemas: the size limits and the value an item that failed its check becomes.

/** Upper bound of items in one batch request. */
export const MAX_BATCH = 100;
/** Body limit of batch routes: 100 items of up to ~1 KiB each, with room to spare. */
export const BATCH_BODY_BYTES = 256 * 1024;

/** A batch item that failed validation; kept as a value so the rest of the batch still runs. */
export class InvalidItem {
  constructor(readonly message: string) {}
}
