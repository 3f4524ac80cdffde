import { useQuery } from "@tanstack/react-query";
import type { UserDto } from "@visa/domain";
import { api } from "./api-client";
import { queryKeys } from "./query-keys";

export interface MeDto extends UserDto {
  tokenExpiresAt: string;
}

export const meQueryKey = queryKeys.me;

/** The signed-in user's own account (GET /api/auth/me); `enabled: false` waits until it is needed. */
export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: () => api<MeDto>("/api/auth/me"),
    staleTime: 60_000,
    enabled,
  });
}
