import { useQuery } from "@tanstack/react-query";
import type { MeetingDto } from "@visa/domain";
import { api } from "../../../lib/api-client";

/** Meetings open for requests, for the create form (GET /api/meetings/active). */
export function useActiveMeetings() {
  return useQuery({
    queryKey: ["meetings", "active"],
    queryFn: () => api<MeetingDto[]>("/api/meetings/active"),
  });
}
