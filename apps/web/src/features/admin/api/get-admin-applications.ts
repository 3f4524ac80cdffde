import { type QueryKey, useQuery } from "@tanstack/react-query";
import type { ApplicationListDto, ApplicationSummaryDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { type ListPlace, listApiParams } from "../../../lib/list-query";
import { queryKeys } from "../../../lib/query-keys";

export type { SortDirection, SortField } from "../../../lib/list-query";

export type AdminApplicationsQuery = Omit<ListPlace, "meetingId" | "status" | "warnings"> &
  Partial<Pick<ListPlace, "status" | "warnings">> & { meetingId: string };

export type AdminApplicationsPage = ApplicationListDto<ApplicationSummaryDto>;

/**
 * One page of a meeting's applications as the table's rows (summaries: the detail page reads the
 * whole application), `pageSize` rows long; search runs on the server over the whole meeting.
 */
export function getAdminApplications(q: AdminApplicationsQuery): Promise<AdminApplicationsPage> {
  const params = listApiParams({ status: null, warnings: false, ...q });
  params.set("admin", "true");
  params.set("page", String(q.page));
  params.set("limit", String(q.pageSize));
  params.set("view", "summary");
  return api<AdminApplicationsPage>(`/api/applications?${params}`);
}

export const adminApplicationsKey = (q: AdminApplicationsQuery) => queryKeys.adminApplications(q);

export function useAdminApplications(q: AdminApplicationsQuery | null) {
  return useQuery({
    queryKey: q ? adminApplicationsKey(q) : queryKeys.adminApplications("none"),
    queryFn: () => getAdminApplications(q as AdminApplicationsQuery),
    enabled: q !== null,
    // Keep the current rows while the next page, sort or filter loads, so the table does not flash;
    // another meeting's rows would be counted under this one's name.
    placeholderData: (previous, previousQuery) =>
      sameMeeting(previousQuery?.queryKey, q) ? previous : undefined,
  });
}

const sameMeeting = (key: QueryKey | undefined, q: AdminApplicationsQuery | null) =>
  (key?.[2] as AdminApplicationsQuery | undefined)?.meetingId === q?.meetingId;
