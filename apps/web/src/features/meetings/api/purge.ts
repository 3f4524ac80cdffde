import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PurgePreviewDto, PurgeResultDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const purgePreviewKey = queryKeys.purgePreview;

/** Meetings whose applications a purge would delete now, and the counts past purges kept (admins only). */
export function getPurgePreview(): Promise<PurgePreviewDto> {
  return api<PurgePreviewDto>("/api/admin/purge");
}

export function usePurgePreview() {
  return useQuery({ queryKey: purgePreviewKey, queryFn: getPurgePreview });
}

/**
 * Deletes the applications of every eligible meeting; the server keeps their counts. The word the
 * admin typed is sent as typed: the server refuses anything but the confirmation word.
 */
export function purgeOldApplications(confirm: string): Promise<PurgeResultDto> {
  return api<PurgeResultDto>("/api/admin/purge", { method: "POST", body: { confirm } });
}

export function usePurgeOldApplications() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: purgeOldApplications,
    // Lists and stats elsewhere counted the deleted applications.
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.purge }),
        qc.invalidateQueries({ queryKey: queryKeys.applications }),
      ]),
  });
}
