import type { MouseEvent } from "react";

/** The id a page's main landmark carries: the skip link's target. */
export const MAIN_ID = "main-content";

/**
 * 'Skip to main content': the first thing Tab reaches on every page, hidden until focused. It
 * moves focus into the page's main landmark (made focusable with tabIndex -1), so the next Tab
 * goes on from the page's content instead of the header's links.
 */
export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID) ?? document.querySelector<HTMLElement>("main");
    if (!main) return;
    // Focus, not the #fragment: the router would take a fragment change for a navigation.
    e.preventDefault();
    if (!main.hasAttribute("tabindex")) main.tabIndex = -1;
    main.focus();
  };
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={skip}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-blue-800 focus:shadow-lg focus:outline-2 focus:outline-blue-700"
    >
      Skip to main content
    </a>
  );
}
