import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BulkAction, BulkResultDto, RejectionReasonsDto } from "@visa/domain";
import { useCallback, useMemo, useState } from "react";
import { api } from "./api-client";
import { queryKeys } from "./query-keys";

/** Approve, reject (with a reason) or resend letters for many applications at once. */
export function useBulkAction() {
  const client = useQueryClient();
  return useMutation({
    // `seen`: the status each request showed where the admin chose it, so a request someone
    // else decided meanwhile is left as it is (and listed with why).
    mutationFn: (input: {
      action: BulkAction;
      ids: string[];
      reason?: string;
      seen?: Record<string, string>;
    }) => api<BulkResultDto>("/api/applications/bulk", { method: "POST", body: input }),
    // Lists, counts, details and histories all change with a decision.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.applications }),
  });
}

/** The organisation's rejection reasons, offered when rejecting. */
export function useRejectionReasons() {
  return useQuery({
    queryKey: queryKeys.rejectionReasons,
    queryFn: () => api<RejectionReasonsDto>("/api/rejection-reasons"),
  });
}

/** Saves the organisation's list of rejection reasons. */
export function useSaveRejectionReasons() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reasons: string[]) =>
      api<RejectionReasonsDto>("/api/rejection-reasons", { method: "PUT", body: { reasons } }),
    onSuccess: (data) => client.setQueryData(queryKeys.rejectionReasons, data),
  });
}

/** What a bulk result says in one line: how many changed, and each one that did not, with why. */
export function bulkSummary(result: BulkResultDto): string {
  const why = result.skipped.map((s) => `${s.name || "An application"}: ${s.reason}`);
  return [result.message, ...why].join(". ");
}

/**
 * How a bulk result reads: a success when everything asked changed, a warning when some did not,
 * a refusal when none did (someone else decided them meanwhile, say).
 */
export function bulkKind(result: BulkResultDto): "success" | "info" | "error" {
  if (result.skipped.length === 0) return "success";
  return result.changed > 0 ? "info" : "error";
}

/**
 * A rejection being asked for in RejectDialog (`T`: whom it is for) and why the last try failed:
 * said in the dialog, which stays open with the reason typed, rather than behind it.
 */
export function useRejection<T>() {
  const [rejecting, setRejecting] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = useCallback((what: T) => {
    setError(null);
    setRejecting(what);
  }, []);
  const close = useCallback(() => {
    setRejecting(null);
    setError(null);
  }, []);
  return useMemo(
    () => ({ rejecting, error, open, close, failed: setError, retry: () => setError(null) }),
    [rejecting, error, open, close],
  );
}
