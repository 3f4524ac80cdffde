import { apiBlob, saveBlob } from "../../../lib/api-client";
import { safeFileName } from "../lib/safe-file-name";

/** Downloads a meeting's applications as CSV in the import's own columns. */
export async function exportApplicationsCsv(meeting: { _id: string; name: string }): Promise<void> {
  const { blob, filename } = await apiBlob(
    `/api/applications/export?${new URLSearchParams({ meetingId: meeting._id })}`,
  );
  saveBlob(blob, filename ?? `applications-${safeFileName(meeting.name, "meeting")}.csv`);
}
