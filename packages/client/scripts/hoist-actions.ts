// Names each action's request and answer schema (the documents' titled anyOf/oneOf members) so the types can pick one.
type Json = Record<string, any>;

/**
 * `/checkout-admin` and the other multi-action paths describe their bodies and answers as anyOf/oneOf with one member
 * per action, titled with the action's name. openapi-typescript would turn those into anonymous unions; moved into
 * `components.schemas` as `<operationId>_<action>_request` / `_response` they become types a client method can name.
 */
export function hoistActions(input: Json): Json {
  const document = structuredClone(input);
  const schemas: Json = ((document.components ??= {}).schemas ??= {});
  for (const pathItem of Object.values<Json>(document.paths ?? {})) {
    for (const operation of Object.values<Json>(pathItem)) {
      const id: string = operation.operationId;
      const body = operation.requestBody?.content?.['application/json'];
      if (body) body.schema = hoist(body.schema, `${id}_`, '_request', schemas);
      const ok = operation.responses?.['200']?.content?.['application/json'];
      if (ok) ok.schema = hoist(ok.schema, `${id}_`, '_response', schemas);
    }
  }
  return document;
}

function hoist(schema: Json, prefix: string, suffix: string, schemas: Json): Json {
  const key = Array.isArray(schema?.oneOf) ? 'oneOf' : Array.isArray(schema?.anyOf) ? 'anyOf' : null;
  if (!key || !schema[key].every((member: Json) => typeof member.title === 'string')) return schema;
  const mapping: Record<string, string> = {};
  const members = schema[key].map((member: Json) => {
    const ref = `#/components/schemas/${prefix}${member.title}${suffix}`;
    schemas[`${prefix}${member.title}${suffix}`] = member;
    mapping[member.title] = ref;
    return { $ref: ref };
  });
  // Without a mapping openapi-typescript would give each member's `action` the schema's name instead of the action.
  const discriminator = schema.discriminator ? { ...schema.discriminator, mapping } : undefined;
  return { ...schema, [key]: members, ...(discriminator ? { discriminator } : {}) };
}
