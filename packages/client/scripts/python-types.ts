// The Python client's response types (TypedDicts, Python 3.9) from an OpenAPI document: each named operation's `data`.
type Schema = Record<string, unknown>;

const PYTHON_KEYWORDS = new Set([
  'from',
  'class',
  'def',
  'global',
  'import',
  'in',
  'is',
  'lambda',
  'not',
  'or',
  'pass',
]);
const SCALARS: Record<string, string> = {
  string: 'str',
  integer: 'int',
  number: 'float',
  boolean: 'bool',
  null: 'None',
};

const pascal = (key: string) =>
  key
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
const isIdentifier = (key: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) && !PYTHON_KEYWORDS.has(key);
/** A Python literal of a JSON scalar (enums and consts hold only those). */
function literal(v: unknown): string {
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') return String(v);
  return v === null ? 'None' : JSON.stringify(v);
}

/** Emits TypedDict definitions, nested objects first, each named after its parent and key. */
class Emitter {
  readonly blocks: string[] = [];
  readonly typing = new Set<string>(['TypedDict']);
  /** Objects already emitted, by their fields: the same shape under another parent reuses the first name. */
  private readonly shapes = new Map<string, string>();

  type(schema: Schema, name: string): string {
    if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
      const options = ((schema.anyOf ?? schema.oneOf) as Schema[]).map((s, i) => this.type(s, `${name}${i + 1}`));
      return this.union(options);
    }
    if ('const' in schema) return this.literals([schema.const]);
    if (Array.isArray(schema.enum)) return this.literals(schema.enum as unknown[]);
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
    return this.union(types.map((t) => this.single(t, schema, name)));
  }

  private single(type: string | undefined, schema: Schema, name: string): string {
    if (type === 'array') {
      this.typing.add('List');
      return `List[${this.type((schema.items ?? {}) as Schema, `${name}Item`)}]`;
    }
    if (type === 'object' && schema.properties) return this.object(schema, name);
    if (type === 'object') {
      this.typing.add('Dict');
      const values = schema.additionalProperties;
      return `Dict[str, ${typeof values === 'object' ? this.type(values as Schema, `${name}Value`) : this.any()}]`;
    }
    return (type && SCALARS[type]) ?? this.any();
  }

  private object(schema: Schema, name: string): string {
    const properties = schema.properties as Record<string, Schema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const fields = Object.entries(properties).map(([key, value]) => ({
      key,
      type: this.type(value, name + pascal(key)),
      required: required.has(key),
    }));
    const doc = typeof schema.description === 'string' ? schema.description : undefined;
    const shape = JSON.stringify([fields, doc]);
    const seen = this.shapes.get(shape);
    if (seen) return seen;
    this.shapes.set(shape, name);
    if (fields.every((f) => isIdentifier(f.key))) {
      const line = (f: (typeof fields)[number]) => `    ${f.key}: ${f.type}`;
      const must = fields.filter((f) => f.required);
      const may = fields.filter((f) => !f.required);
      if (must.length > 0 && may.length > 0) {
        // Python 3.9 has no NotRequired: required keys in a base class, the optional ones in a total=False subclass.
        this.blocks.push(`class _${name}Required(TypedDict):\n${must.map(line).join('\n')}`);
        this.blocks.push(`class ${name}(_${name}Required, total=False):\n${docLine(doc)}${may.map(line).join('\n')}`);
      } else {
        const total = may.length > 0 ? ', total=False' : '';
        const body = fields.length > 0 ? fields.map(line).join('\n') : '    pass';
        this.blocks.push(`class ${name}(TypedDict${total}):\n${docLine(doc)}${body}`);
      }
    } else {
      // A key that is not a Python identifier (e.g. `from`): the functional form, every key optional.
      const entries = fields.map((f) => `${JSON.stringify(f.key)}: ${f.type}`).join(', ');
      this.blocks.push(`${name} = TypedDict(${JSON.stringify(name)}, {${entries}}, total=False)`);
    }
    return name;
  }

  private literals(values: unknown[]): string {
    this.typing.add('Literal');
    return `Literal[${values.map(literal).join(', ')}]`;
  }

  private union(options: string[]): string {
    const unique = [...new Set(options)];
    if (unique.length === 1) return unique[0]!;
    const rest = unique.filter((o) => o !== 'None');
    this.typing.add(rest.length === unique.length ? 'Union' : 'Optional');
    if (rest.length > 1) this.typing.add('Union');
    const inner = rest.length === 1 ? rest[0]! : `Union[${rest.join(', ')}]`;
    return rest.length === unique.length ? inner : `Optional[${inner}]`;
  }

  private any(): string {
    this.typing.add('Any');
    return 'Any';
  }
}

const docLine = (doc: string | undefined) => (doc ? `    """${doc.replace(/"""/g, "'''")}"""\n` : '');

/** `data` of each operation's 200 answer, as a TypedDict named `names[operationId]`. */
export function pythonTypes(document: Schema, names: Record<string, string>, source: string): string {
  const emitter = new Emitter();
  const found = new Set<string>();
  for (const operations of Object.values(document.paths as Record<string, Record<string, Schema>>)) {
    for (const operation of Object.values(operations)) {
      const name = names[operation.operationId as string];
      if (!name) continue;
      const ok = (operation.responses as Record<string, Schema>)['200'] as Schema;
      const body = ((ok.content as Record<string, Schema>)['application/json'] as Schema).schema as Schema;
      const emitted = emitter.type((body.properties as Record<string, Schema>).data as Schema, name);
      if (emitted !== name) emitter.blocks.push(`${name} = ${emitted}`);
      found.add(operation.operationId as string);
    }
  }
  const missing = Object.keys(names).filter((id) => !found.has(id));
  if (missing.length > 0) throw new Error(`${source} has no operation ${missing.join(', ')}`);
  return (
    [
      `"""Generated by \`npm run clients:generate\` from GET ${source}; do not edit."""`,
      `from typing import ${[...emitter.typing].sort().join(', ')}`,
      ...emitter.blocks,
    ].join('\n\n\n') + '\n'
  );
}
