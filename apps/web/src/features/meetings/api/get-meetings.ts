import { useQuery } from "@tanstack/react-query";
import type { MeetingDto } from "@visa/domain";
import { api } from "../../../lib/api-client";

/** Every meeting, active or not, sorted by start date (admins only). */
export function getMeetings(): Promise<MeetingDto[]> {
  return api<MeetingDto[]>("/api/meetings");
}

export const meetingsKey = ["meetings", "all"] as const;

export function useMeetings() {
  return useQuery({ queryKey: meetingsKey, queryFn: getMeetings });
}
