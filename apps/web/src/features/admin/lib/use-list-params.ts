import { SORT_DIRECTIONS, SORT_FIELDS } from "@visa/domain";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { SortDirection, SortField } from "../api/get-admin-applications";

export interface ListParams {
  /** The meeting the admin picked, or null while the list shows the auto-selected one. */
  pickedMeetingId: string | null;
  page: number;
  sortBy: SortField;
  sortDirection: SortDirection;
  search: string;
}

/**
 * The admin list's meeting, page, sort and search live in the address, so coming back from an
 * application (browser Back) lands on the same page of the same meeting. Spec §4: changing the
 * meeting, the sort or the search starts again at page 1; default sort is status ascending.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();

  const state = useMemo<ListParams>(() => {
    const page = Number.parseInt(params.get("page") ?? "1", 10);
    return {
      pickedMeetingId: params.get("meeting") || null,
      page: Number.isFinite(page) && page > 0 ? page : 1,
      // The domain's sort fields and directions; the default is the API's (status, ascending).
      sortBy: SORT_FIELDS.find((f) => f === params.get("sort")) ?? "status",
      sortDirection: SORT_DIRECTIONS.find((d) => d === params.get("dir")) ?? "asc",
      search: params.get("q") ?? "",
    };
  }, [params]);

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === "") next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        // Typing and paging should not fill the history; Back leaves the list.
        { replace: true },
      ),
    [setParams],
  );

  const setMeeting = useCallback((id: string) => update({ meeting: id, page: null }), [update]);
  const setPage = useCallback((page: number) => update({ page: page > 1 ? String(page) : null }), [update]);
  const setSearch = useCallback((q: string) => update({ q, page: null }), [update]);
  /** A click on the current column flips the direction; another column starts ascending. */
  const toggleSort = useCallback(
    (field: SortField) => {
      const sameField = state.sortBy === field;
      const dir: SortDirection = sameField && state.sortDirection === "asc" ? "desc" : "asc";
      update({ sort: field === "status" ? null : field, dir: dir === "asc" ? null : dir, page: null });
    },
    [state.sortBy, state.sortDirection, update],
  );

  return { ...state, setMeeting, setPage, setSearch, toggleSort };
}
