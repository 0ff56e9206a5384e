// The shape of a migrated schema in dialect-neutral terms: tables, columns, keys, indexes, foreign keys, checks and
// triggers.
import type BetterSqlite3 from 'better-sqlite3';
import type postgres from 'postgres';

export interface TableShape {
  columns: Array<{ name: string; type: string; notNull: boolean; default: string | null }>;
  primaryKey: string[];
  /** Unique constraints (not named indexes), as column lists. */
  unique: string[][];
  indexes: Array<{ name: string; columns: string[]; unique: boolean; where: string | null }>;
  foreignKeys: Array<{ columns: string[]; table: string; references: string[]; onDelete: string }>;
  /** Each CHECK as the sorted columns, literals and comparisons it names (IN and = ANY(ARRAY[…]) read the same). */
  checks: string[];
  /** Each trigger as its name and when it fires, e.g. `t after update of a, b`. */
  triggers: string[];
}

/** A trigger's name and its timing, event and columns, from its definition in either dialect. */
function triggerShape(name: string, definition: string): string {
  const when = /\b(after|before)\s+(insert|delete|update(?:\s+of\s+[\w\s,]+?)?)\s+on\b/i.exec(definition);
  return `${name} ${when ? `${when[1]} ${when[2]}`.toLowerCase().replace(/\s+/g, ' ') : definition}`;
}

export type SchemaShape = Record<string, TableShape>;

const TYPES: Record<string, string> = {
  text: 'text',
  integer: 'integer',
  bigint: 'integer',
  real: 'real',
  'double precision': 'real',
};
const ON_DELETE: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

/** What an indexed expression is called in place of a column's name. */
const EXPRESSION = '(expression)';
const canonicalType = (t: string) => TYPES[t.toLowerCase()] ?? `unknown:${t}`;
/** `'IN'::text` and `'IN'` alike. */
const canonicalDefault = (d: string | null) => (d === null ? null : d.replace(/::[a-z ]+$/i, ''));
/** `(revoked_at IS NOT NULL)` and `revoked_at IS NOT NULL` alike, and `'failed'::text` and `'failed'`. */
const canonicalWhere = (w: string | null) =>
  w === null
    ? null
    : w
        .replace(/[()]/g, '')
        .replace(/::[a-z_]+/gi, '')
        .replace(/\s+/g, ' ')
        .trim()
        .toLowerCase();

function canonicalCheck(text: string, columns: string[]): string {
  const tokens = text.match(/'[^']*'|\d+|>=|<=|<>|!=|>|<|\w+/g) ?? [];
  const kept = tokens.filter((t) => t.startsWith("'") || /^\d+$/.test(t) || /^[<>!]/.test(t) || columns.includes(t));
  return kept.sort().join(' ');
}

/** Every CHECK (…) clause of a CREATE TABLE statement, parentheses balanced. */
function checksIn(sql: string): string[] {
  const out: string[] = [];
  for (let at = sql.search(/\bCHECK\s*\(/i); at >= 0;) {
    const open = sql.indexOf('(', at);
    let depth = 0;
    let end = open;
    for (; end < sql.length; end++) {
      if (sql[end] === '(') depth++;
      else if (sql[end] === ')' && --depth === 0) break;
    }
    out.push(sql.slice(open + 1, end));
    const next = sql.slice(end).search(/\bCHECK\s*\(/i);
    at = next < 0 ? -1 : end + next;
  }
  return out;
}

export function sqliteShape(db: BetterSqlite3.Database): SchemaShape {
  const tables = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as Array<{ name: string; sql: string }>;
  const shape: SchemaShape = {};
  for (const { name, sql } of tables) {
    const info = db
      .prepare(`SELECT name, type, "notnull" AS nn, dflt_value, pk FROM pragma_table_info(?)`)
      .all(name) as Array<{ name: string; type: string; nn: number; dflt_value: string | null; pk: number }>;
    const columns = info.map((c) => ({
      name: c.name,
      type: canonicalType(c.type),
      notNull: c.nn === 1 || c.pk > 0,
      default: canonicalDefault(c.dflt_value),
    }));
    const primaryKey = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const list = db
      .prepare('SELECT name, "unique" AS u, origin, partial FROM pragma_index_list(?)')
      .all(name) as Array<{ name: string; u: number; origin: string; partial: number }>;
    // An indexed expression has no column name: both stores name it EXPRESSION (its text differs between dialects).
    const colsOf = (index: string) =>
      (
        db.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').all(index) as Array<{ name: string | null }>
      ).map((r) => r.name ?? EXPRESSION);
    const unique = list
      .filter((i) => i.origin === 'u')
      .map((i) => colsOf(i.name))
      .sort();
    const indexes = list
      .filter((i) => i.origin === 'c')
      .map((i) => {
        const text = (
          db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?").get(i.name) as { sql: string }
        ).sql;
        const where = i.partial ? text.slice(text.search(/\bWHERE\b/i) + 5) : null;
        return { name: i.name, columns: colsOf(i.name), unique: i.u === 1, where: canonicalWhere(where) };
      });
    const fks = db
      .prepare(
        'SELECT id, "table" AS t, "from" AS f, "to" AS r, on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq',
      )
      .all(name) as Array<{ id: number; t: string; f: string; r: string; on_delete: string }>;
    const foreignKeys = [...new Set(fks.map((k) => k.id))].map((id) => {
      const parts = fks.filter((k) => k.id === id);
      return {
        columns: parts.map((k) => k.f),
        table: parts[0]!.t,
        references: parts.map((k) => k.r),
        onDelete: parts[0]!.on_delete.toLowerCase(),
      };
    });
    const names = columns.map((c) => c.name);
    shape[name] = {
      columns,
      primaryKey,
      unique,
      indexes: sortByName(indexes),
      foreignKeys: sortFks(foreignKeys),
      checks: checksIn(sql)
        .map((c) => canonicalCheck(c, names))
        .sort(),
      triggers: (
        db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?").all(name) as Array<{
          name: string;
          sql: string;
        }>
      )
        .map((t) => triggerShape(t.name, t.sql))
        .sort(),
    };
  }
  return shape;
}

export async function postgresShape(sql: postgres.Sql): Promise<SchemaShape> {
  const shape: SchemaShape = {};
  const columns = await sql<
    Array<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
    }>
  >`
    SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
    WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`;
  for (const c of columns) {
    const table = (shape[c.table_name] ??= {
      columns: [],
      primaryKey: [],
      unique: [],
      indexes: [],
      foreignKeys: [],
      checks: [],
      triggers: [],
    });
    table.columns.push({
      name: c.column_name,
      type: canonicalType(c.data_type),
      notNull: c.is_nullable === 'NO',
      default: canonicalDefault(c.column_default),
    });
  }
  const constraints = await sql<
    Array<{
      table: string;
      type: string;
      columns: string[];
      ref_table: string | null;
      ref_columns: string[] | null;
      del: string;
      def: string;
    }>
  >`
    SELECT cl.relname AS table, co.contype AS type,
      ARRAY(SELECT a.attname FROM unnest(co.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = co.conrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS columns,
      rc.relname AS ref_table,
      ARRAY(SELECT a.attname FROM unnest(co.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = co.confrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS ref_columns,
      co.confdeltype AS del, pg_get_constraintdef(co.oid) AS def
    FROM pg_constraint co JOIN pg_class cl ON cl.oid = co.conrelid LEFT JOIN pg_class rc ON rc.oid = co.confrelid
    JOIN pg_namespace ns ON ns.oid = cl.relnamespace WHERE ns.nspname = 'public'`;
  for (const c of constraints) {
    const table = shape[c.table]!;
    if (c.type === 'p') table.primaryKey = c.columns;
    else if (c.type === 'u') table.unique.push(c.columns);
    else if (c.type === 'f')
      table.foreignKeys.push({
        columns: c.columns,
        table: c.ref_table!,
        references: c.ref_columns!,
        onDelete: ON_DELETE[c.del]!,
      });
    else if (c.type === 'c')
      table.checks.push(
        canonicalCheck(
          c.def,
          table.columns.map((col) => col.name),
        ),
      );
  }
  const indexes = await sql<
    Array<{ table: string; name: string; unique: boolean; columns: string[]; where: string | null }>
  >`
    SELECT t.relname AS table, i.relname AS name, x.indisunique AS unique,
      ARRAY(SELECT COALESCE(a.attname::text, ${EXPRESSION}::text) FROM unnest(x.indkey) WITH ORDINALITY k(n, o) LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n ORDER BY k.o)::text[] AS columns,
      pg_get_expr(x.indpred, x.indrelid) AS where
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace ns ON ns.oid = t.relnamespace
    WHERE ns.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint co WHERE co.conindid = x.indexrelid)`;
  for (const i of indexes)
    shape[i.table]!.indexes.push({
      name: i.name,
      columns: i.columns,
      unique: i.unique,
      where: canonicalWhere(i.where),
    });
  const triggers = await sql<Array<{ table: string; name: string; def: string }>>`
    SELECT c.relname AS table, t.tgname AS name, pg_get_triggerdef(t.oid) AS def
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace ns ON ns.oid = c.relnamespace
    WHERE ns.nspname = 'public' AND NOT t.tgisinternal`;
  for (const t of triggers) shape[t.table]!.triggers.push(triggerShape(t.name, t.def));
  for (const table of Object.values(shape)) {
    table.triggers.sort();
    table.unique.sort();
    table.indexes = sortByName(table.indexes);
    table.foreignKeys = sortFks(table.foreignKeys);
    table.checks.sort();
  }
  return shape;
}

function sortByName<T extends { name: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => a.name.localeCompare(b.name));
}

function sortFks<T extends { columns: string[] }>(items: T[]): T[] {
  return [...items].sort((a, b) => a.columns.join().localeCompare(b.columns.join()));
}
