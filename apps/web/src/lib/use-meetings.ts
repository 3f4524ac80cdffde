import { useQuery } from "@tanstack/react-query";
import type { MeetingDto } from "@visa/domain";
import { api } from "./api-client";
import { queryKeys } from "./query-keys";

/** Every meeting, active or not, sorted by start date (admins only). */
export function getMeetings(): Promise<MeetingDto[]> {
  return api<MeetingDto[]>("/api/meetings");
}

export const meetingsKey = queryKeys.allMeetings;

export function useMeetings() {
  return useQuery({ queryKey: meetingsKey, queryFn: getMeetings });
}
