import type { MeetingDto } from "@visa/domain";
import { useState } from "react";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { ApiError } from "../../../lib/api-client";
import { withReason } from "../../../lib/failure-message";
import { downloadLettersZip } from "../api/download-letters-zip";
import { exportApplicationsCsv } from "../api/export-applications";
import { useDownload } from "../lib/use-download";
import { ImportDialog } from "./ImportDialog";

/** The meeting's bulk actions: import a CSV, export one, download every approved letter. */
export function MeetingToolbar({ meeting }: { meeting: MeetingDto }) {
  const [importOpen, setImportOpen] = useState(false);
  const csv = useDownload(exportApplicationsCsv);
  const zip = useDownload(downloadLettersZip);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setImportOpen(true)}>Import Applications</Button>
        <Button variant="secondary" onClick={() => csv.run(meeting)} busy={csv.busy}>
          {csv.busy ? "Exporting..." : "Export CSV"}
        </Button>
        <Button variant="secondary" onClick={() => zip.run(meeting)} busy={zip.busy}>
          {zip.busy ? "Preparing ZIP..." : "Download approved letters (ZIP)"}
        </Button>
      </div>
      {csv.error !== null && (
        <Banner kind="error" onDismiss={csv.clearError}>
          {withReason(csv.error, "Failed to export applications")}
        </Banner>
      )}
      {zip.error !== null &&
        // Nothing approved yet is not a failure: say there is nothing to download.
        (zip.error instanceof ApiError && zip.error.status === 404 ? (
          <Banner kind="info" onDismiss={zip.clearError}>
            There is nothing to download yet: {meeting.name} has no approved letters.
          </Banner>
        ) : (
          <Banner kind="error" onDismiss={zip.clearError}>
            {withReason(zip.error, "Failed to download approved letters")}
          </Banner>
        ))}
      <ImportDialog open={importOpen} meeting={meeting} onClose={() => setImportOpen(false)} />
    </div>
  );
}
