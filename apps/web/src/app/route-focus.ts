import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";
import { focusMainHeading, mainHeading } from "../lib/main-heading";

/**
 * After an in-app move to another page, puts keyboard focus on the new page's main heading (made
 * focusable with tabIndex -1), so a screen reader reads where the user is and Tab goes on from
 * the page's top rather than from the document's. It does nothing on the first load (nothing has
 * been focused, pressed or clicked yet: a redirect while the app opens is still the first load),
 * when only the query string changes (a list's filter, sort or page), or when the new page has
 * placed focus itself. A page whose heading comes with its data gets focus once the heading is
 * there, unless focus moved meanwhile.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const track = useRef({ path: pathname, changed: false, interacted: false, before: null as Element | null });

  useEffect(() => {
    const t = track.current;
    const onInput = () => {
      t.interacted = true;
    };
    for (const type of ["focusin", "pointerdown", "keydown"]) document.addEventListener(type, onInput, true);
    return () => {
      for (const type of ["focusin", "pointerdown", "keydown"])
        document.removeEventListener(type, onInput, true);
    };
  }, []);

  // Before any page's effects of the same render: what has focus now is what the user left.
  useLayoutEffect(() => {
    const t = track.current;
    if (t.path === pathname) return;
    t.path = pathname;
    t.changed = true;
    t.before = document.activeElement;
  }, [pathname]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page on purpose
  useEffect(() => {
    const t = track.current;
    if (!t.changed || !t.interacted) return;
    const before = t.before;
    let placed: HTMLElement | null = null;
    // Until the user acts, the heading keeps focus: a page that draws its heading again once its
    // data has come (the application page) would otherwise drop focus to the body.
    const place = () => {
      const now = document.activeElement;
      if (placed && now === placed) return;
      const dropped = !now || now === document.body || !now.isConnected;
      if (!dropped && (placed || now !== before)) return stop(); // moved by the page or the user
      focusMainHeading();
      const heading = mainHeading();
      if (heading && document.activeElement === heading) placed = heading;
    };
    const observer = new MutationObserver(place);
    const stop = () => {
      observer.disconnect();
      document.removeEventListener("pointerdown", stop, true);
      document.removeEventListener("keydown", stop, true);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener("pointerdown", stop, true);
    document.addEventListener("keydown", stop, true);
    place();
    return stop;
  }, [pathname]);
}

/** The component form, for the router's root route. */
export function RouteFocus(): null {
  useRouteFocus();
  return null;
}
