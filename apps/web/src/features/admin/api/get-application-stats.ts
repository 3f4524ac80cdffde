import { useQuery } from "@tanstack/react-query";
import type { MeetingStatsDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Counts by status for one meeting. */
export function getApplicationStats(meetingId: string): Promise<MeetingStatsDto> {
  return api<MeetingStatsDto>(`/api/applications/stats?${new URLSearchParams({ meetingId })}`);
}

export function useApplicationStats(meetingId: string | null) {
  return useQuery({
    queryKey: queryKeys.applicationStats(meetingId),
    queryFn: () => getApplicationStats(meetingId as string),
    enabled: meetingId !== null,
  });
}
