import { useMutation, useQuery } from "@tanstack/react-query";
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

/** Whether a passport number is the one on the letter (POST /api/verify/:reference/passport). */
export function usePassportCheck(reference: string) {
  return useMutation({
    mutationFn: (passportNumber: string) =>
      api<{ match: boolean }>(`/api/verify/${encodeURIComponent(reference)}/passport`, {
        method: "POST",
        body: { passportNumber },
        anonymous: true,
      }),
  });
}
