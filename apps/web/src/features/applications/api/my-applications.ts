import { useQuery } from "@tanstack/react-query";
import type { ApplicationDto } from "@visa/domain";
import { api } from "../../../lib/api-client";

export const myApplicationsKey = ["applications", "mine"] as const;

/** The signed-in user's own applications (GET /api/applications). */
export function useMyApplications() {
  return useQuery({ queryKey: myApplicationsKey, queryFn: () => api<ApplicationDto[]>("/api/applications") });
}
