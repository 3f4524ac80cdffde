import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ADMIN_PAGE_SIZE, type ApplicationListDto } from "@visa/domain";
import { api } from "../../../lib/api-client";

export type SortField = "createdAt" | "status";
export type SortDirection = "asc" | "desc";

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

export const adminApplicationsKey = (q: AdminApplicationsQuery) => ["applications", "admin", q] as const;

export function useAdminApplications(q: AdminApplicationsQuery | null) {
  return useQuery({
    queryKey: q ? adminApplicationsKey(q) : ["applications", "admin", "none"],
    queryFn: () => getAdminApplications(q as AdminApplicationsQuery),
    enabled: q !== null,
    // Keep the current rows while the next page or sort loads, so the table does not flash.
    placeholderData: keepPreviousData,
  });
}
