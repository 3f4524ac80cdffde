import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { meQueryKey } from "../../../lib/use-me";

/** Mails the signed-in user a new verification link (POST /api/auth/resend-verification). */
export function useResendVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ message: string }>("/api/auth/resend-verification", { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: meQueryKey }),
  });
}
