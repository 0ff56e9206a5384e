// One store read per key at a time: callers meanwhile share it, and a failed read is forgotten, not remembered as the
// answer (a key first asked while the store was out of reach stayed refused until a restart).

/** `load`'s result through `keep`, shared by every caller for `key` until it settles; the entry goes either way. */
export function loadOnce<K, T, R>(
  loading: Map<K, Promise<R>>,
  key: K,
  load: () => Promise<T>,
  keep: (value: T) => R,
): Promise<R> {
  let pending = loading.get(key);
  if (!pending) {
    pending = load().then(
      (value) => {
        loading.delete(key);
        return keep(value);
      },
      (err: unknown) => {
        loading.delete(key);
        throw err;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}
