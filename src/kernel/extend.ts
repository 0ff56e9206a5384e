// An object's fields with more after them, made so that V8 keeps one hidden class (map) for all such objects.

/**
 * `{ ...base, ...extra }`, built by `Object.assign` onto a fresh object. Node 20's V8 gives an object literal that
 * starts with a spread and goes on (`{ ...base, actor }`) a new map almost every time it runs (992 maps for 1,000
 * objects), so every site reading such objects turns megamorphic and slow; assigning onto `{}` follows the shared
 * transitions from the empty object and keeps one map per set of fields. For fields the code chose (rows, results,
 * headers it writes), not keys a client sent: assigning "__proto__" sets the new object's prototype.
 */
export function extend<A extends object, B extends object>(base: A, extra: B): Omit<A, keyof B> & B {
  return Object.assign({}, base, extra);
}
