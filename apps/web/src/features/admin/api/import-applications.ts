import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportResultDto } from "@visa/domain";
import { api, apiUpload } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Files from this size on are sent with upload progress: below it, sending takes no time to watch. */
export const PROGRESS_FROM_BYTES = 512 * 1024;

/** How far a large file's import has come: sending it, then the server checking its rows. */
export type ImportProgress = { stage: "sending"; percent: number } | { stage: "checking" };

/** Sends a CSV file; each row is created, updated or refused on its own. */
export function importApplications(
  file: File,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportResultDto> {
  const form = new FormData();
  form.append("file", file);
  const path = "/api/applications/import";
  if (!onProgress || file.size < PROGRESS_FROM_BYTES)
    return api<ImportResultDto>(path, { method: "POST", form });
  onProgress({ stage: "sending", percent: 0 });
  return apiUpload<ImportResultDto>(path, form, (sent, total) =>
    onProgress(
      sent < total ? { stage: "sending", percent: Math.floor((sent / total) * 100) } : { stage: "checking" },
    ),
  );
}

export function useImportApplications(onProgress?: (progress: ImportProgress) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importApplications(file, onProgress),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.applications }),
  });
}
