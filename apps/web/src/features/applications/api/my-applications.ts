import { useQuery } from "@tanstack/react-query";
import type { ApplicationDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const myApplicationsKey = queryKeys.myApplications;

/** The signed-in user's own applications (GET /api/applications). */
export function useMyApplications() {
  return useQuery({ queryKey: myApplicationsKey, queryFn: () => api<ApplicationDto[]>("/api/applications") });
}
