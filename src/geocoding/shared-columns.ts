// The merged entry columns of places.bin and its ODbL layer, made once per process in shared memory: every HTTP
// thread reads the same copy instead of merging its own (about 40 MiB and a merge's garbage per thread).
import { statSync } from 'node:fs';
import type { PlaceFile } from './place-file.ts';
import { mergeEntryColumns, readEntryColumns, type EntryColumns } from './place-layer.ts';

type Lists = 'vocab' | 'keys' | 'sounds';
type Numeric = Exclude<keyof EntryColumns, Lists | 'names'>;

/** What a thread receives: every numeric column and the names over shared memory, the lists as shared text. */
export interface SharedColumns {
  numeric: Record<Numeric, ArrayBufferView>;
  names: Uint8Array;
  lists: Record<Lists, Uint8Array>;
}

/** Merged columns by the identity of the two files they came from. */
const merged = new Map<string, SharedColumns>();

/** The entry columns of `file` merged with `layer`: this process's shared copy, made by the first caller. */
export function mergedColumns(file: PlaceFile, layer: PlaceFile): EntryColumns {
  const key = `${identity(file.path)}+${identity(layer.path)}`;
  const shared = merged.get(key);
  if (shared) return columnsOf(shared);
  const columns = mergeEntryColumns(readEntryColumns(file), readEntryColumns(layer));
  merged.set(key, share(columns));
  return columns;
}

/** This process's merged columns, to hand to a new thread (structured clone keeps shared memory shared). */
export function sharedColumns(): Array<[string, SharedColumns]> {
  return [...merged];
}

/** Adopts the merged columns another thread of this process made (before this thread loads a dataset). */
export function adoptSharedColumns(entries: Array<[string, SharedColumns]>): void {
  for (const [key, shared] of entries) merged.set(key, shared);
}

function identity(path: string): string {
  const s = statSync(path);
  return `${path}:${s.ino}:${s.size}:${s.mtimeMs}`;
}

function share(c: EntryColumns): SharedColumns {
  const numeric = {} as Record<Numeric, ArrayBufferView>;
  for (const [name, column] of Object.entries(c) as Array<[keyof EntryColumns, unknown]>) {
    if (name === 'vocab' || name === 'keys' || name === 'sounds' || name === 'names') continue;
    numeric[name] = inShared(column as Uint32Array);
  }
  const bytes = (b: Buffer) => inShared(new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
  const text = (items: string[]) => {
    // Written item by item: joining first would build a large string only to copy it.
    let length = Math.max(0, items.length - 1);
    for (const item of items) length += Buffer.byteLength(item);
    const out = Buffer.from(new SharedArrayBuffer(length));
    let at = 0;
    items.forEach((item, i) => {
      if (i > 0) out[at++] = 10;
      at += out.write(item, at);
    });
    return new Uint8Array(out.buffer, 0, length);
  };
  return {
    numeric,
    names: bytes(c.names),
    lists: { vocab: text(c.vocab), keys: text(c.keys), sounds: text(c.sounds) },
  };
}

/** `column` itself when the merge made it in shared memory; else a shared copy (columns the merge passed through). */
function inShared<T extends ArrayBufferView & { set(a: T): void }>(column: T): T {
  if (column.buffer instanceof SharedArrayBuffer) return column;
  const Ctor = column.constructor as new (b: SharedArrayBuffer) => T;
  const out = new Ctor(new SharedArrayBuffer(column.byteLength));
  out.set(column);
  return out;
}

/** Views of the shared columns, with this thread's own string lists (strings cannot be shared between isolates). */
function columnsOf(shared: SharedColumns): EntryColumns {
  const lines = (bytes: Uint8Array) => {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    return text === '' ? [] : text.split('\n');
  };
  const { names } = shared;
  return {
    ...(shared.numeric as unknown as Omit<EntryColumns, Lists | 'names'>),
    names: Buffer.from(names.buffer, names.byteOffset, names.byteLength),
    vocab: lines(shared.lists.vocab),
    keys: lines(shared.lists.keys),
    sounds: lines(shared.lists.sounds),
  };
}
