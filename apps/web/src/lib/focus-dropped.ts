/**
 * Whether keyboard focus has fallen to the page's top (its control went away), or sits on a control
 * inside `within` that was disabled under it: a keyboard user would have to find their place again.
 */
export function focusDropped(within: HTMLElement | null): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  return Boolean(within?.contains(active) && active.matches(":disabled"));
}
