import { useQuery } from "@tanstack/react-query";
import type { MeetingDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Meetings open for requests, for the create form (GET /api/meetings/active). */
export function useActiveMeetings() {
  return useQuery({
    queryKey: queryKeys.activeMeetings,
    queryFn: () => api<MeetingDto[]>("/api/meetings/active"),
  });
}
