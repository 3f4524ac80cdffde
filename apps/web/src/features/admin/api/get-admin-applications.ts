import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  ADMIN_PAGE_SIZE,
  type ApplicationListDto,
  type SORT_DIRECTIONS,
  type SORT_FIELDS,
} from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export interface AdminApplicationsQuery {
  meetingId: string;
  page: number;
  sortBy: SortField;
  sortDirection: SortDirection;
  search: string;
}

/** One page of a meeting's applications; search runs on the server over the whole meeting. */
export function getAdminApplications(q: AdminApplicationsQuery): Promise<ApplicationListDto> {
  const params = new URLSearchParams({
    admin: "true",
    page: String(q.page),
    limit: String(ADMIN_PAGE_SIZE),
    meetingId: q.meetingId,
    sortBy: q.sortBy,
    sortDirection: q.sortDirection,
  });
  if (q.search) params.set("search", q.search);
  return api<ApplicationListDto>(`/api/applications?${params}`);
}

export const adminApplicationsKey = (q: AdminApplicationsQuery) => queryKeys.adminApplications(q);

export function useAdminApplications(q: AdminApplicationsQuery | null) {
  return useQuery({
    queryKey: q ? adminApplicationsKey(q) : queryKeys.adminApplications("none"),
    queryFn: () => getAdminApplications(q as AdminApplicationsQuery),
    enabled: q !== null,
    // Keep the current rows while the next page or sort loads, so the table does not flash.
    placeholderData: keepPreviousData,
  });
}
