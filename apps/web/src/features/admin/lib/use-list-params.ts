import type { ApplicationStatus } from "@visa/domain";
import { useCallback, useMemo, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import {
  type ListPlace,
  readListPlace,
  readListSearch,
  type SortDirection,
  type SortField,
  saveListPageSize,
  saveListSearch,
} from "../../../lib/list-query";

export interface ListParams extends Omit<ListPlace, "meetingId"> {
  /** The meeting the admin picked, or null while the list shows the auto-selected one. */
  pickedMeetingId: string | null;
}

/**
 * The admin list's meeting, status filter, 'has warnings', sort, page and rows per page live in the
 * address, and its search in the tab's sessionStorage (lib/list-query.ts), so coming back from an
 * application (browser Back, or its Back link) lands on the same place. Spec §4: changing the
 * meeting, a filter, the sort, the search or the rows per page starts again at page 1; default
 * sort is status ascending.
 */
export function useListParams() {
  const [address, setParams] = useSearchParams();
  // The router applies a new address in a transition, rendered a moment after the click; until
  // then a checkbox or select bound to the address would show the old choice again. The places
  // asked for (oldest first) are shown until the address has the last one; an address that is none
  // of them (Back, a link) comes from elsewhere and wins.
  const [asked, setAsked] = useState<string[]>([]);
  const [seen, setSeen] = useState(address.toString());
  if (seen !== address.toString()) {
    setSeen(address.toString());
    if (!asked.slice(0, -1).includes(address.toString())) setAsked([]);
  }
  const shown = asked.at(-1);
  const params = useMemo(
    () => (shown === undefined ? address : new URLSearchParams(shown)),
    [address, shown],
  );
  // The term rides in the history entry's state, so a new search and its return to page 1 are one
  // navigation; a list reached by a link (the detail page's Back) reads the tab's copy.
  const location = useLocation();
  const search = (location.state as { search?: string } | null)?.search ?? readListSearch();

  const state = useMemo<ListParams>(() => {
    const { meetingId, ...rest } = readListPlace(params);
    return { pickedMeetingId: meetingId, ...rest, search };
  }, [params, search]);

  const update = useCallback(
    (changes: Record<string, string | null>, nextSearch = search) => {
      // From the place shown: one asked for a moment ago may not be in the address yet.
      const next = new URLSearchParams(params);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === "") next.delete(k);
        else next.set(k, v);
      }
      setAsked((a) => [...a, next.toString()]);
      // Typing and paging should not fill the history; Back leaves the list.
      setParams(next, { replace: true, state: { search: nextSearch } });
    },
    [params, setParams, search],
  );

  const setMeeting = useCallback((id: string) => update({ meeting: id, page: null }), [update]);
  const setPage = useCallback((page: number) => update({ page: page > 1 ? String(page) : null }), [update]);
  /**
   * Written into the address even at the default: an address without `size` means the choice kept
   * in this browser, which this one replaces (the address would not change otherwise).
   */
  const setPageSize = useCallback(
    (size: number) => {
      saveListPageSize(size);
      update({ size: String(size), page: null });
    },
    [update],
  );
  const setSearch = useCallback(
    (q: string) => {
      saveListSearch(q);
      update({ page: null }, q);
    },
    [update],
  );
  const setStatus = useCallback(
    (status: ApplicationStatus | null) => update({ status: status?.toLowerCase() ?? null, page: null }),
    [update],
  );
  const setWarnings = useCallback(
    (on: boolean) => update({ warnings: on ? "1" : null, page: null }),
    [update],
  );
  /** A click on the current column flips the direction; another column starts ascending. */
  const toggleSort = useCallback(
    (field: SortField) => {
      const sameField = state.sortBy === field;
      const dir: SortDirection = sameField && state.sortDirection === "asc" ? "desc" : "asc";
      update({ sort: field === "status" ? null : field, dir: dir === "asc" ? null : dir, page: null });
    },
    [state.sortBy, state.sortDirection, update],
  );

  return { ...state, setMeeting, setPage, setPageSize, setSearch, setStatus, setWarnings, toggleSort };
}
