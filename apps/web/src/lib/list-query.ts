import {
  ADMIN_PAGE_SIZE,
  ADMIN_PAGE_SIZES,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  SORT_DIRECTIONS,
  SORT_FIELDS,
} from "@visa/domain";
import { getSession } from "./session";

export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * The admin list's place: meeting, status filter, 'has warnings', search, sort, page and rows per
 * page. The list writes it; the detail page carries it along (so Back returns to the same place)
 * and asks the server for the neighbours in the same list. All of it is in the address except the
 * search: a search term is often a name or a passport number, which never go into an address (it
 * would sit in the browser's history and in whatever logs addresses), so it is kept for the tab in
 * sessionStorage instead. The rows per page is also kept in localStorage, so the admin's choice
 * holds on their next visits.
 */
export interface ListPlace {
  /** The meeting the admin picked, or null while the list shows the auto-selected one. */
  meetingId: string | null;
  status: ApplicationStatus | null;
  warnings: boolean;
  search: string;
  sortBy: SortField;
  sortDirection: SortDirection;
  page: number;
  /** Rows per page: the address's `size`, else the admin's choice kept in this browser. */
  pageSize: number;
}

const SEARCH_KEY = "adminListSearch";

/** The admin list's search term in this tab ("" when none). */
export function readListSearch(): string {
  return sessionStorage.getItem(SEARCH_KEY) ?? "";
}

/** Keeps the admin list's search term for this tab; "" forgets it. */
export function saveListSearch(search: string): void {
  if (search) sessionStorage.setItem(SEARCH_KEY, search);
  else sessionStorage.removeItem(SEARCH_KEY);
}

const pageSizeKey = (userId: string) => `adminListPageSize:${userId}`;
const pageSizeOf = (value: string | null): number | undefined =>
  ADMIN_PAGE_SIZES.find((n) => String(n) === value);

/**
 * The rows per page the signed-in admin last chose in this browser (localStorage: it outlasts the
 * tab and the session, one value per account), or the spec's 10.
 */
export function readListPageSize(): number {
  const userId = getSession()?.userId;
  return (userId && pageSizeOf(localStorage.getItem(pageSizeKey(userId)))) || ADMIN_PAGE_SIZE;
}

/** Keeps the signed-in admin's rows per page for their next visits in this browser. */
export function saveListPageSize(size: number): void {
  const userId = getSession()?.userId;
  if (!userId) return;
  try {
    localStorage.setItem(pageSizeKey(userId), String(size));
  } catch {
    // Storage full or disabled: the choice holds in the address, only not for the next visit.
  }
}

/**
 * Reads the list's place from an address's query and the tab's search term (unknown or bad
 * values fall back to defaults).
 */
export function readListPlace(params: URLSearchParams): ListPlace {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    meetingId: params.get("meeting") || null,
    status: APPLICATION_STATUSES.find((s) => s.toLowerCase() === params.get("status")?.toLowerCase()) ?? null,
    warnings: params.get("warnings") === "1",
    search: readListSearch(),
    // The domain's sort fields and directions; the default is the API's (status, ascending).
    sortBy: SORT_FIELDS.find((f) => f === params.get("sort")) ?? "status",
    sortDirection: SORT_DIRECTIONS.find((d) => d === params.get("dir")) ?? "asc",
    page: Number.isFinite(page) && page > 0 ? page : 1,
    pageSize: pageSizeOf(params.get("size")) ?? readListPageSize(),
  };
}

/** The query string of a place, defaults and the search left out ("" for the plain list). */
export function listPlaceQuery(place: Partial<ListPlace>): string {
  const q = new URLSearchParams();
  if (place.meetingId) q.set("meeting", place.meetingId);
  if (place.status) q.set("status", place.status.toLowerCase());
  if (place.warnings) q.set("warnings", "1");
  if (place.sortBy && place.sortBy !== "status") q.set("sort", place.sortBy);
  if (place.sortDirection === "desc") q.set("dir", "desc");
  if (place.pageSize && place.pageSize !== ADMIN_PAGE_SIZE) q.set("size", String(place.pageSize));
  if (place.page && place.page > 1) q.set("page", String(place.page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** The API's query for a place (the admin list's, or the neighbours' with `id`). */
export function listApiParams(place: ListPlace & { meetingId: string }): URLSearchParams {
  const params = new URLSearchParams({
    meetingId: place.meetingId,
    sortBy: place.sortBy,
    sortDirection: place.sortDirection,
  });
  if (place.search) params.set("search", place.search);
  if (place.status) params.set("status", place.status);
  if (place.warnings) params.set("warnings", "true");
  return params;
}

/**
 * What the review page's Back to the list tells the list, in the history entry's state: the
 * request reviewed and its row on the page it is (or was) on, so focus returns to that row.
 */
export interface ListReturn {
  reviewed: string;
  /** Its index on that page, or null when its place in the list is not known. */
  row: number | null;
}

/** `ListReturn`'s keys in a history entry's state. */
export const LIST_RETURN_KEYS = ["reviewed", "row"] as const;

/** The state that returns to the list at the reviewed request (see `ListReturn`). */
export const listReturnState = (reviewed: string, position: number, pageSize: number): ListReturn => ({
  reviewed,
  row: position > 0 ? (position - 1) % pageSize : null,
});

/** The return a history entry's state carries, if any. */
export function readListReturn(state: unknown): ListReturn | null {
  const r = state as Partial<ListReturn> | null;
  return typeof r?.reviewed === "string"
    ? { reviewed: r.reviewed, row: typeof r.row === "number" ? r.row : null }
    : null;
}
