import { apiBlob, saveBlob } from "../../../lib/api-client";
import { safeFileName } from "../lib/safe-file-name";

/** Downloads every approved letter of a meeting as one ZIP. */
export async function downloadLettersZip(meeting: { _id: string; name: string }): Promise<void> {
  const { blob, filename } = await apiBlob(`/api/letters/meetings/${encodeURIComponent(meeting._id)}/zip`);
  saveBlob(blob, filename ?? `approved-letters-${safeFileName(meeting.name, "meeting")}.zip`);
}
