// zod schemas of every /v1 input and output; the route table validates with them and the OpenAPI document is generated from them.
import { z } from 'zod';
import { documentAs } from '../http/openapi.ts';
import { InvalidItem, MAX_BATCH } from './batch.ts';
import { whyNotALocation } from './location-refusals.ts';

export { BATCH_BODY_BYTES, InvalidItem, MAX_BATCH } from './batch.ts';

/** The request document of `schema` as zod derives it, for a schema documented as another's (documentAs). */
function jsonOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json;
}

/** A query-string number: "", "NaN", "Infinity", "1e999" and "12abc" are rejected (parseFloat would accept some). */
export const QueryNumberSchema = z
  .string()
  .trim()
  .regex(/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/, 'must be a finite decimal number')
  .transform(Number)
  .pipe(z.number());

/** The DIGIPIN grid (India Post): points outside it have no geopin (the native core answers with the official text). */
export const DIGIPIN_BOUNDS = { minLat: 2.5, maxLat: 38.5, minLon: 63.5, maxLon: 99.5 } as const;

const LatitudeSchema = z.number().min(-90).max(90).meta({ description: 'WGS84 latitude, degrees', example: 12.9716 });
const LongitudeSchema = z
  .number()
  .min(-180)
  .max(180)
  .meta({ description: 'WGS84 longitude, degrees', example: 77.5946 });
/** Ten symbols of the DIGIPIN alphabet, either case, hyphens anywhere (as the decoder reads them), surrounding blanks trimmed. */
const DIGIPIN_PATTERN = '^\\s*-*(?:[2-9CFJKLMPTcfjklmpt]-*){10}\\s*$';
/** At most 20 characters as sent (the documented maxLength), blanks included; trimmed after that check. */
const GeopinSchema = z
  .string()
  .max(20)
  .trim()
  .min(1)
  .meta({ description: 'DIGIPIN, with or without hyphens', example: '4P3-JK8-52C9', pattern: DIGIPIN_PATTERN });
/** A 6-digit Indian pincode; "560 038" (a space after three digits, as often written) is accepted and normalised. */
const PincodeTextSchema = z
  .union([
    z
      .string()
      .trim()
      .regex(/^[1-9][0-9]{2} ?[0-9]{3}$/, 'must be a 6-digit pincode'),
    z.number().int().min(100000).max(999999),
  ])
  .transform((v) => String(v).replace(' ', ''));

export const CoordinatesSchema = z.object({ latitude: LatitudeSchema, longitude: LongitudeSchema });
export type Coordinates = z.infer<typeof CoordinatesSchema>;

/** Coordinates to encode: inside the DIGIPIN grid (documented; the native core refuses others with the official text). */
export const GridCoordinatesSchema = z.object({
  latitude: LatitudeSchema.meta({ minimum: DIGIPIN_BOUNDS.minLat, maximum: DIGIPIN_BOUNDS.maxLat }),
  longitude: LongitudeSchema.meta({ minimum: DIGIPIN_BOUNDS.minLon, maximum: DIGIPIN_BOUNDS.maxLon }),
});

export const GeopinQuerySchema = z.object({ geopin: GeopinSchema });

const LocationShapesSchema = z.union([CoordinatesSchema, GeopinQuerySchema]);

/** Either coordinates or a geopin; a miss names the field at fault (whyNotALocation), not zod's "Invalid input". */
export const LocationQuerySchema = documentAs(
  z.unknown().transform((value, ctx) => {
    const parsed = LocationShapesSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const { path, message } of whyNotALocation(value, CoordinatesSchema, GeopinQuerySchema))
      ctx.issues.push({ code: 'custom', path, message, input: value });
    return z.NEVER;
  }),
  jsonOf(LocationShapesSchema),
);
export type LocationQuery = z.infer<typeof LocationQuerySchema>;

/** The names the service accepts for India, any case: a pattern JSON Schema can state as well. */
const INDIA_PATTERN = `^(?:${['india', 'in', 'ind', 'bharat', 'republic of india'].map(anyCase).join('|')})$`;

function anyCase(word: string): string {
  return [...word].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c)).join('');
}

/** "" (or only blanks) or null: what a form sends for a field the buyer left empty. */
const isEmpty = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');

/**
 * An optional field that is not given when it is empty: checkout forms send "" or null for a field left blank, and
 * reading those as absent treats them as the same form without the field. Documented as the value, null or blanks.
 */
function unlessEmpty<T extends z.ZodType>(schema: T, meta: Record<string, unknown>) {
  const field = z.preprocess((v) => (isEmpty(v) ? undefined : v), schema.optional());
  const empty = [{ type: 'null' }, { type: 'string', pattern: '^\\s*$' }];
  // A union's members listed beside the empty ones, not nested: one flat choice of types for clients to generate.
  const given = jsonOf(schema) as { anyOf?: unknown[] };
  return documentAs(field, { anyOf: [...(given.anyOf ?? [given]), ...empty], ...meta });
}

export const AddressSchema = z.object({
  // The pattern says in the document what trimming enforces: a blank address (spaces, tabs) is refused.
  address: z
    .string()
    .regex(/\S/, 'must not be blank')
    .trim()
    .min(1)
    .max(500)
    .meta({ example: '12, 100 Feet Road, Indiranagar, near CMH Hospital' }),
  city: unlessEmpty(z.string().trim().max(100), { description: 'Empty or null: not given', example: 'Bengaluru' }),
  state: unlessEmpty(z.string().trim().max(100), { description: 'Empty or null: not given', example: 'Karnataka' }),
  pincode: unlessEmpty(PincodeTextSchema, {
    description: '6-digit pincode; also read from the address text. Empty or null: not given',
    example: '560038',
  }),
  country: unlessEmpty(
    z
      .string()
      .trim()
      .max(60)
      .regex(
        new RegExp(INDIA_PATTERN),
        'only addresses in India are supported (India, IN, IND, Bharat or Republic of India)',
      ),
    {
      description: 'India only: India, IN, IND, Bharat or Republic of India, any case. Empty or null: not given',
      example: 'India',
    },
  ),
});
export type Address = z.infer<typeof AddressSchema>;

/**
 * An object checked by `schema`, except that a failure yields an InvalidItem instead of failing the whole request.
 * An item that is not an object at all (null, a string, an array) fails the request: the document types items as objects.
 */
function batchItem<T extends z.ZodType>(schema: T): z.ZodType<z.output<T> | InvalidItem, z.input<T>> {
  const checked = schema.catch((ctx) => {
    const issue = ctx.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return new InvalidItem(`${where}${issue?.message ?? 'invalid item'}`) as z.output<T>;
  }) as z.ZodType<unknown, Record<string, unknown>>;
  return z.record(z.string(), z.unknown()).pipe(checked) as unknown as z.ZodType<z.output<T> | InvalidItem, z.input<T>>;
}

const ITEM_BY_ITEM =
  'Checked one by one: an object that is not a valid item gets its own error in results (invalid_item) and the rest of the batch still runs.';
export const GeocodeBatchSchema = z.object({
  addresses: z
    .array(
      documentAs(batchItem(AddressSchema), {
        type: 'object',
        description: `An Address input (address required). ${ITEM_BY_ITEM}`,
        example: { address: '12, 100 Feet Road, Indiranagar, Bengaluru', pincode: '560038' },
      }),
    )
    .min(1)
    .max(MAX_BATCH),
});
export const LookupBatchSchema = z.object({
  locations: z
    .array(
      documentAs(batchItem(LocationQuerySchema), {
        type: 'object',
        description: `{latitude, longitude} or {geopin}. ${ITEM_BY_ITEM}`,
        example: { latitude: 12.9716, longitude: 77.5946 },
      }),
    )
    .min(1)
    .max(MAX_BATCH),
});

/** JavaScript's white space (\s, trim), spelled out: a JSON Schema validator in another language reads \s otherwise. */
const SPACE = '\\t-\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
/** Three characters (code points, as JSON Schema counts) other than white space. */
const THREE_NOT_SPACES = new RegExp(`[^${SPACE}][${SPACE}]*[^${SPACE}][${SPACE}]*[^${SPACE}]`, 'u');

export const AutocompleteQuerySchema = z
  // Loose: a coordinate sent under another route's name is refused by name below, not dropped unread.
  .looseObject({
    // Not trimmed: a space after the last word says the buyer finished it (autocomplete ranks on that).
    q: z
      .string()
      .min(3, { abort: true })
      .max(100)
      // Three characters other than spaces (the first three, with only spaces between): "a b" is no more than "ab".
      .regex(THREE_NOT_SPACES, 'must have at least 3 characters other than spaces')
      .meta({ description: 'At least 3 characters other than spaces; "near me"/"nearby" asks for the closest places' }),
    limit: z
      .string()
      .regex(/^\d+$/, 'must be an integer')
      .transform(Number)
      .pipe(z.number().int().min(1).max(10))
      .optional()
      .meta({ description: 'Results, 1..10 (default 5)', type: 'integer', minimum: 1, maximum: 10 }),
    lat: QueryNumberSchema.pipe(z.number().min(-90).max(90)).optional().meta({
      description: 'Bias results to about 50 km of this point; give lat and lng together',
      type: 'number',
      minimum: -90,
      maximum: 90,
    }),
    lng: QueryNumberSchema.pipe(z.number().min(-180).max(180))
      .optional()
      .meta({ description: 'Give lat and lng together', type: 'number', minimum: -180, maximum: 180 }),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: 'lat and lng go together',
    path: ['lat'],
  })
  // The names the other routes take: left unread, the results would come unbiased and nothing would say why.
  .superRefine((_q, ctx) => {
    const raw = ctx.value as Record<string, unknown>;
    const other = ['latitude', 'longitude', 'lon'].filter((name) => name in raw);
    if (other.length > 0 && raw.lat === undefined)
      ctx.addIssue({ code: 'custom', path: [other[0]!], message: `use lat and lng here, not ${other.join('/')}` });
  });

export const EncodeQuerySchema = z.object({
  latitude: QueryNumberSchema.meta({ type: 'number', minimum: DIGIPIN_BOUNDS.minLat, maximum: DIGIPIN_BOUNDS.maxLat }),
  longitude: QueryNumberSchema.meta({ type: 'number', minimum: DIGIPIN_BOUNDS.minLon, maximum: DIGIPIN_BOUNDS.maxLon }),
});
export const DecodeQuerySchema = z
  .object({
    geopin: z
      .string()
      .max(20)
      .trim()
      .optional()
      .meta({ description: 'The code to decode (this or digipin is required)', pattern: DIGIPIN_PATTERN }),
    digipin: z
      .string()
      .max(20)
      .trim()
      .optional()
      .meta({ description: 'Alias of geopin, as the official service names it', pattern: DIGIPIN_PATTERN }),
  })
  .refine((q) => q.geopin !== undefined || q.digipin !== undefined, {
    message: 'geopin is required',
    path: ['geopin'],
  });

export const GeopinParamSchema = z.object({ geopin: z.string().max(32) });
export const PincodeParamSchema = z.object({ pincode: z.string().max(32) });

// Responses (documentation only: handlers build these shapes directly).

/** The boundary lookup result of the location document: six strings (empty where the data has no value). */
export const LocationInfoSchema = z.object({
  state: z.string(),
  district: z.string(),
  division: z.string(),
  locality: z.string(),
  pincode: z.string(),
  delivery: z
    .enum(['Delivery', 'Non Delivery'])
    .meta({ description: "Delivery status of the pincode, in the directory's words" }),
});

export const GeopinAnswerSchema = z.object({ geopin: z.string(), coordinates: CoordinatesSchema });

const Part = z.string().nullable();

export const GeocodeAnswerSchema = z.object({
  geopin: z.string(),
  coordinates: CoordinatesSchema,
  address: z.string().meta({ description: 'What matched, formatted' }),
  confidence: z
    .number()
    .min(0)
    .max(1)
    .meta({ description: 'Calibrated: see docs/geocoding.md for the share correct per band' }),
  level: z.enum(['office', 'locality', 'pincode', 'district', 'state']),
  match_level: z
    .enum(['office', 'locality', 'town', 'landmark', 'street', 'pincode', 'city', 'district', 'state', 'point'])
    .meta({
      description:
        'Finer than level: town, landmark, street, city when only the named city was found, or point when the ' +
        'address gave its DIGIPIN or coordinates',
    }),
  pincode: z
    .string()
    .nullable()
    .meta({ description: 'The pincode whose boundary holds the point (null only for a state-level answer)' }),
  district: z.string().nullable(),
  state: z.string().nullable(),
  components: z
    .object({
      house: Part,
      building: Part,
      street: Part,
      locality: Part,
      village: Part,
      post_office: Part,
      subdistrict: Part,
      city: Part,
      district: Part,
      state: Part,
      pincode: Part,
      landmark: Part,
    })
    .meta({ description: 'The address as parsed' }),
  warnings: z.array(z.enum(['pincode_mismatch', 'city_mismatch', 'state_mismatch'])).meta({
    description:
      'Typed fields that disagree with the place the rest of the address names; the answer follows the better-supported one',
  }),
  suggestions: z
    .object({ pincode: z.string().optional(), city: z.string().optional(), state: z.string().optional() })
    .meta({
      description:
        'For each warning, the value the rest of the address points to (a checkout can ask "did you mean …?")',
    }),
});

const ItemErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export const GeocodeBatchAnswerSchema = z.object({
  results: z.array(
    z.union([
      z.object({ index: z.number(), success: z.literal(true), data: GeocodeAnswerSchema }),
      ItemErrorSchema.extend({ index: z.number(), success: z.literal(false) }),
    ]),
  ),
  succeeded: z.number(),
  failed: z.number(),
});

/** The six document fields, with the point looked up and its geopin beside them. */
export const LookupAnswerSchema = LocationInfoSchema.extend({
  coordinates: CoordinatesSchema,
  geopin: z.string().nullable(),
});
export const ReverseAnswerSchema = z.object({
  geopin: z.string(),
  coordinates: CoordinatesSchema,
  found: z.boolean(),
  location: LocationInfoSchema.nullable(),
});

export const LookupBatchAnswerSchema = z.object({
  results: z.array(
    z.union([
      LocationInfoSchema.extend({
        index: z.number(),
        found: z.literal(true),
        coordinates: CoordinatesSchema,
        geopin: z.string().nullable(),
      }),
      z.object({
        index: z.number(),
        found: z.literal(false),
        coordinates: CoordinatesSchema,
        geopin: z.string().nullable(),
      }),
      ItemErrorSchema.extend({ index: z.number(), found: z.literal(false) }),
    ]),
  ),
  found: z.number(),
  not_found: z.number(),
  invalid: z.number(),
});

export const PlaceSchema = z.object({
  name: z.string(),
  type: z.enum(['state', 'district', 'locality', 'office', 'landmark']).meta({
    description: 'landmark: a monument, place of worship or station (from OpenStreetMap or datameet/railways)',
  }),
  pincode: z.string().nullable(),
  district: z.string().nullable(),
  state: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  geopin: z.string(),
  distance_km: z.number().optional(),
});

export const AutocompleteAnswerSchema = z.object({
  query: z.string(),
  near_me: z.boolean(),
  results: z.array(PlaceSchema),
});

export const GeopinValidationSchema = z.object({
  geopin: z.string(),
  valid_format: z.boolean(),
  normalized: z.string().nullable(),
  maps_to_location: z.boolean(),
  coordinates: CoordinatesSchema.nullable(),
  location: LocationInfoSchema.nullable(),
  message: z.string().optional(),
});

export const PincodeValidationSchema = z.object({
  pincode: z.string(),
  valid_format: z.boolean(),
  exists: z.boolean(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  division: z.string().nullable(),
  delivery: z.boolean(),
  offices: z.array(z.object({ name: z.string(), type: z.string(), delivery: z.boolean() })),
  city: z
    .string()
    .nullable()
    .meta({
      description:
        "The town or city the pincode's addresses are written with: Delhi and Chandigarh whole; a town its district or " +
        "metro is named after within 30 km; else the best known town within 20 km of its point, its own district's " +
        'first (GeoNames spellings: "Bengaluru", "Gurgaon"); null when none',
      example: 'Bengaluru',
    }),
  coordinates: CoordinatesSchema.nullable(),
  has_boundary: z.boolean(),
});

export const StatsSchema = z.object({
  total_boundaries: z.number(),
  total_states: z.number(),
  total_divisions: z.number(),
  cache_size: z.number(),
  dataset: z.enum(['full', 'sample']),
  total_districts: z.number(),
  total_pincodes: z.number(),
  total_offices: z.number(),
  autocomplete_entries: z.number(),
  native_memory_bytes: z.number(),
  load_ms: z.number(),
});

export const OfficialEncodeSchema = z.object({ digipin: z.string() });
export const OfficialDecodeSchema = z.object({ latitude: z.string(), longitude: z.string() });
