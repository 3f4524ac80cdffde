/**
 * The value kept under `key`, made by `make` on first use. Prepared statements are made once per
 * database (or per order and page size) and kept for the life of the process.
 */
export function madeOnce<K, V>(
  store: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  make: () => V,
): V {
  let value = store.get(key);
  if (value === undefined) {
    value = make();
    store.set(key, value);
  }
  return value;
}
