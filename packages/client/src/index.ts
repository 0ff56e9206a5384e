// @geopin/client: typed clients for the location API, the merchant admin and the buyer endpoints, and webhook verification.
export { LocationClient, BATCH_SIZE, type LocationClientOptions, type BatchOptions } from './location.js';
export { MerchantClient, type MerchantClientOptions } from './merchant.js';
export { BuyerClient, type BuyerClientOptions } from './buyer.js';
export {
  IMPORT_BATCH_ROWS,
  IMPORT_BATCH_BYTES,
  type ImportOptions,
  type ImportProgress,
  type ImportResult,
} from './imports.js';
export { parseCsv } from './csv.js';
export type { Progress, SplitOptions } from './chunks.js';
export { VERSION, type CallOptions, type ClientOptions, type RetryEvent } from './transport.js';
export type { RetryOptions } from './retry.js';
export {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  GeopinError,
  InvalidInputError,
  NetworkError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  RequestAbortedError,
  RequestTimeoutError,
  ServerError,
  type Issue,
} from './errors.js';
export * from './webhooks.js';
export type * from './types.js';
