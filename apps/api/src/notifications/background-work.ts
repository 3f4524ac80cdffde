import type { AppContext } from "../context.js";

const pending = new WeakMap<AppContext, Set<Promise<unknown>>>();

/** Remembers work started by an event listener, so tests and shutdown can wait for it. */
export function trackWork<T>(ctx: AppContext, work: Promise<T>): Promise<T> {
  let set = pending.get(ctx);
  if (!set) {
    set = new Set();
    pending.set(ctx, set);
  }
  const tracked = set;
  tracked.add(work);
  work.then(
    () => tracked.delete(work),
    () => tracked.delete(work),
  );
  return work;
}

/** Resolves once every tracked piece of work (including work it started) has finished. */
export async function workSettled(ctx: AppContext): Promise<void> {
  const set = pending.get(ctx);
  while (set && set.size > 0) await Promise.allSettled([...set]);
}
