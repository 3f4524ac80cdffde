import { apiBlob, saveBlob } from "../../../lib/api-client";
import { safeFileName } from "../lib/safe-file-name";

/** Downloads one approved application's letter, named as spec §7 says. */
export async function downloadApplicationPdf(app: {
  _id: string;
  firstName: string;
  lastName: string;
}): Promise<void> {
  const { blob, filename } = await apiBlob(`/api/applications/${encodeURIComponent(app._id)}/pdf`);
  const first = safeFileName(app.firstName, "applicant");
  const last = safeFileName(app.lastName, "applicant");
  saveBlob(blob, filename ?? `visa-request-letter-${first}-${last}.pdf`);
}
