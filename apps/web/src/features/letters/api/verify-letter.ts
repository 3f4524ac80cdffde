import { useQuery } from "@tanstack/react-query";
import type { LetterVerificationDto } from "@visa/domain";
import { ApiError, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** What the portal confirms about a letter reference (public, GET /api/verify/:reference). */
export function useLetterVerification(reference: string) {
  return useQuery({
    queryKey: queryKeys.verifyLetter(reference),
    // Anonymous: officers have no account, and a stale session in this browser must not matter.
    queryFn: () =>
      api<LetterVerificationDto>(`/api/verify/${encodeURIComponent(reference)}`, { anonymous: true }),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
  });
}
