import { useQuery } from "@tanstack/react-query";
import type { MeetingStatsDto } from "@visa/domain";
import { api } from "../../../lib/api-client";

/** Counts by status for one meeting. */
export function getApplicationStats(meetingId: string): Promise<MeetingStatsDto> {
  return api<MeetingStatsDto>(`/api/applications/stats?${new URLSearchParams({ meetingId })}`);
}

export function useApplicationStats(meetingId: string | null) {
  return useQuery({
    queryKey: ["applications", "stats", meetingId],
    queryFn: () => getApplicationStats(meetingId as string),
    enabled: meetingId !== null,
  });
}
