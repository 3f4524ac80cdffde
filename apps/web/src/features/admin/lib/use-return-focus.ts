import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { LIST_RETURN_KEYS, readListReturn } from "../../../lib/list-query";
import { useForgetState } from "../../../lib/use-forget-state";

/**
 * Back from a review page lands on the list's place; focus then goes to the reviewed request's
 * row (its name's link), or, when a decision has taken it out of the list, to the row now in its
 * place, rather than to the page's top, so the reviewer goes on from where they were. Once per
 * return, when the rows of that place are on screen and up to date (`rowsShown`); the return is
 * then taken off the history entry, so a reload or a later Back to it leaves focus alone.
 */
export function useReturnFocus(tableRef: RefObject<HTMLElement | null>, rowsShown: boolean) {
  const location = useLocation();
  const forget = useForgetState(LIST_RETURN_KEYS);
  const done = useRef<string | null>(null);
  useEffect(() => {
    const back = readListReturn(location.state);
    if (!back || !rowsShown || done.current === location.key) return;
    done.current = location.key;
    // Each row's first link is its request's name.
    const rows = [...(tableRef.current?.querySelectorAll("tbody tr") ?? [])];
    const links = rows.flatMap((tr) => tr.querySelector<HTMLAnchorElement>("a[href]") ?? []);
    const own = links.find((a) => new URL(a.href).pathname === `/admin/applications/${back.reviewed}`);
    const inPlace = back.row === null ? undefined : links[Math.min(back.row, links.length - 1)];
    (own ?? inPlace)?.focus();
    forget();
  }, [location.key, location.state, rowsShown, tableRef, forget]);
}
