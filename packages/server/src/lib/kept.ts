/** What `kept` stores in: a Map or a WeakMap. */
interface Store<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** `store`'s value for `key`, built by `build` and kept there on first use. */
export function kept<K, V>(store: Store<K, V>, key: K, build: () => V): V {
  let value = store.get(key);
  if (value === undefined) store.set(key, (value = build()));
  return value;
}
