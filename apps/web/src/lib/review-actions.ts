import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type BulkAction,
  type BulkResultDto,
  bulkMessage,
  MAX_BULK_IDS,
  type RejectionReasonsDto,
} from "@visa/domain";
import { useCallback, useMemo, useState } from "react";
import { api } from "./api-client";
import { serverReason } from "./failure-message";
import { queryKeys } from "./query-keys";

export interface BulkInput {
  action: BulkAction;
  ids: string[];
  reason?: string;
  /**
   * The status each request showed where the admin chose it, so a request someone else decided
   * meanwhile is left as it is (and listed with why).
   */
  seen?: Record<string, string>;
}

/**
 * A selection sent in parts stopped at a part that failed: the parts before it were done (and
 * stay done), the rest (`remaining`) were not sent. Its message says both.
 */
export class BulkIncompleteError extends Error {
  constructor(
    readonly done: BulkResultDto,
    readonly remaining: string[],
    cause: unknown,
  ) {
    const why = serverReason(cause) ?? "the server did not answer";
    super(
      `${bulkSummary(done)}. The other ${remaining.length} were not changed (${why}); ` +
        "they are still selected, to try again.",
    );
  }
}

/**
 * One bulk action on any number of applications: sent in parts of at most MAX_BULK_IDS (what the
 * server takes at once, one transaction each), one after another, and answered as one result.
 * A failed first part changed nothing and fails as it came; a later one throws BulkIncompleteError.
 */
export async function sendBulkAction(input: BulkInput): Promise<BulkResultDto> {
  let done: BulkResultDto | null = null;
  for (let start = 0; start < input.ids.length; start += MAX_BULK_IDS) {
    const ids = input.ids.slice(start, start + MAX_BULK_IDS);
    const seen =
      input.seen && Object.fromEntries(ids.flatMap((id) => (input.seen?.[id] ? [[id, input.seen[id]]] : [])));
    let part: BulkResultDto;
    try {
      part = await api<BulkResultDto>("/api/applications/bulk", {
        method: "POST",
        body: { ...input, ids, seen },
      });
    } catch (err) {
      if (!done) throw err;
      throw new BulkIncompleteError(done, input.ids.slice(start), err);
    }
    done = done ? joined(done, part) : part;
  }
  if (!done) throw new Error("A bulk action needs at least one application");
  return done;
}

/** Two parts' results as one. */
function joined(a: BulkResultDto, b: BulkResultDto): BulkResultDto {
  const changed = a.changed + b.changed;
  const skipped = [...a.skipped, ...b.skipped];
  return { action: a.action, changed, skipped, message: bulkMessage(a.action, changed, skipped.length) };
}

/** Approve, reject (with a reason) or resend letters for many applications at once. */
export function useBulkAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendBulkAction,
    // Lists, counts, details and histories all change with a decision; a selection that failed
    // part-way changed some of them too.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.applications }),
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
