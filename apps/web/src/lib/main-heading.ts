/** The page's main heading: the `h1` of the main landmark, or any `h1` where a page has no main. */
export function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
}

/** Puts keyboard focus on the page's main heading (made focusable with tabIndex -1), if it has one. */
export function focusMainHeading(): void {
  const heading = mainHeading();
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  heading.focus();
}
