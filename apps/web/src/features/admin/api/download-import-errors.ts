import { apiBlob, saveBlob } from "../../../lib/api-client";

/** Saves an import's whole error list (kept an hour on the server) as the CSV file it is. */
export async function downloadImportErrors(reportId: string): Promise<void> {
  const { blob, filename } = await apiBlob(`/api/applications/import/errors/${encodeURIComponent(reportId)}`);
  saveBlob(blob, filename ?? "import-errors.csv");
}
