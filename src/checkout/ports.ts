// What checkout needs from other features, declared here so that checkout imports none of them (the root wires them).
import type { Sql } from '../db/sql.ts';
import type { DeliveryDetail, DeliveryLogEntry, DeliverySummary, WebhookPayload } from '../kernel/events.ts';

/** Webhook events: queued inside the state change's transaction; their delivery log read and retried by the merchant. */
export interface WebhookOutbox {
  /**
   * Inserts `event` with the transaction `tx` that makes the state change; returns its delivery id. `sessionId` is
   * the session the log links it to (default the payload's; null for a test event, whose ids are made up).
   */
  enqueue(tx: Sql, event: WebhookPayload<object>, now: Date, sessionId?: string | null): Promise<string>;
  /** Attempts, newest first. */
  attempts(
    merchantId: string,
    limit: number,
    offset: number,
  ): Promise<{ deliveries: DeliveryLogEntry[]; total: number }>;
  /** Deliveries (one per event), newest first, with their latest attempt; `filter` a state or `failing`. */
  summaries(
    merchantId: string,
    filter: 'pending' | 'sending' | 'delivered' | 'failed' | 'failing' | null,
    limit: number,
    offset: number,
  ): Promise<{ deliveries: DeliverySummary[]; total: number }>;
  /** One delivery with its body and every attempt; null when the merchant has none with this id. */
  detail(merchantId: string, deliveryId: string): Promise<DeliveryDetail | null>;
  /** The deliveries about one checkout session, oldest first. */
  forSession(merchantId: string, sessionId: string): Promise<DeliveryDetail[]>;
  /** Sends a failed delivery again, or one waiting for a retry now; false when there is no such delivery. */
  redeliver(merchantId: string, deliveryId: string, now: Date): Promise<boolean>;
  /** Sends up to `limit` failed deliveries again, and those waiting to retry now, oldest first; `more`: others left. */
  redeliverFailing(merchantId: string, now: Date, limit: number): Promise<{ redelivered: number; more: boolean }>;
  /** Days a delivered or failed delivery stays in the log after its last attempt; null: for ever. */
  retentionDays: number | null;
}

/** Where a merchant's webhooks go, the secret decrypted (what the webhook dispatcher asks of checkout). */
export interface WebhookTarget {
  url: string | null;
  secret: string | null;
}

/** Hears a merchant's new allowed origins once they are stored. */
export type OriginsChanged = (merchantId: string, origins: string[]) => Promise<void>;

/** The postal directory and geocoder checkout reads (the location service implements it). */
export interface PostalDirectory {
  /** Null when the pincode is not in the India Post directory; no office list (it costs a gazetteer read). */
  pincodeFacts(pincode: string): { state: string | null; district: string | null; delivery: boolean } | null;
  /** The geopin of a point, or null outside the geopin grid (India's bounding box). */
  geopinAt(latitude: number, longitude: number): string | null;
  /** The pincode's representative point (inside its boundary when it has one), or null. */
  pincodePoint(pincode: string): { latitude: number; longitude: number } | null;
  /** The pincode's boundary simplified for a map about `pixels` across ([longitude, latitude] MultiPolygon), or null. */
  pincodeOutline(pincode: string, pixels: number): number[][][][] | null;
  /** The pincode whose boundary holds the point, or null outside every boundary (a geopin's consistency check). */
  lookup(lat: number, lon: number): { pincode: string } | null;
  /** Null when nothing in the address could be placed. */
  geocode(address: { address: string; city?: string; state?: string; pincode?: string }): {
    geopin: string;
    latitude: number;
    longitude: number;
    /** Typed fields that disagree with the place the rest of the address names (pincode_mismatch, …). */
    warnings?: string[];
    /** For each warning, the value the rest of the address points to. */
    suggestions?: { pincode?: string; city?: string; state?: string };
  } | null;
}
