import type { DocumentDto } from "@visa/domain";
import { ApiError, apiBlob, saveBlob } from "../../../lib/api-client";
import { getSession } from "../../../lib/session";

// Names land in a file name: keep letters of every script, drop path and shell-unfriendly characters.
function namePart(s: string): string {
  return s.trim().replace(/[^\p{L}\p{N}._-]+/gu, "_") || "applicant";
}

/**
 * Downloads the approved application's visa letter, saved as
 * visa-request-letter-{firstName}-{lastName}.pdf unless the server names it.
 * Resolves to null on success, else the message spec §8 gives for the failure.
 */
export async function downloadVisaLetter(app: {
  _id: string;
  firstName: string;
  lastName: string;
}): Promise<string | null> {
  if (!getSession()?.token) return "No authentication token found";
  try {
    const { blob, filename } = await apiBlob(`/api/applications/${encodeURIComponent(app._id)}/pdf`);
    saveBlob(
      blob,
      filename ?? `visa-request-letter-${namePart(app.firstName)}-${namePart(app.lastName)}.pdf`,
    );
    return null;
  } catch (e) {
    if (e instanceof ApiError && e.message) return `Failed to download PDF: ${e.message}`;
    return "Failed to download visa letter. Please try again.";
  }
}

/** Downloads an attached document with the session's token (a bare link would carry none). */
export async function downloadDocument(doc: DocumentDto): Promise<void> {
  const { blob, filename } = await apiBlob(doc.url);
  saveBlob(blob, filename ?? doc.filename);
}
