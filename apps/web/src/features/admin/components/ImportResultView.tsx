import type { ImportResultDto } from "@visa/domain";
import { useState } from "react";
import { Button } from "../../../components/Button";
import { useAnnouncedText } from "../../../lib/announce";
import { reasonOr } from "../../../lib/failure-message";
import { downloadImportErrors } from "../api/download-import-errors";

/** The counts shown: "Updated" counts only the rows that changed something, not "No changes" ones. */
function counts(r: ImportResultDto) {
  const unchanged = r.unchanged ?? 0;
  return [
    { key: "total", label: "Total rows", value: r.total },
    { key: "successful", label: "Imported", value: r.successful },
    { key: "updated", label: "Updated", value: r.updated - unchanged },
    { key: "unchanged", label: "No changes", value: unchanged },
    { key: "failed", label: "Failed", value: r.failed },
  ];
}

export interface ImportResultViewProps {
  result: ImportResultDto;
  onImportAnother: () => void;
  onClose: () => void;
}

/**
 * What an import did: counts, the rows that updated existing applications, how they matched and
 * which columns they changed, the failed rows. Its first line takes focus (ImportDialog), which
 * reads it: it has no live role, which would have it read twice.
 */
export function ImportResultView({ result, onImportAnother, onClose }: ImportResultViewProps) {
  return (
    <div className="space-y-4">
      {result.total === 0 ? (
        // A file with a header and no rows imported nothing: five zeros would not say why.
        <p
          tabIndex={-1}
          data-autofocus
          className="rounded font-medium text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          The file has no rows to import: it holds only the header line. Add one row per application under the
          header and import it again.
        </p>
      ) : (
        <>
          <p
            tabIndex={-1}
            data-autofocus
            className="rounded font-medium text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            Import finished.
          </p>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            {counts(result).map((c) => (
              <div key={c.key} className="rounded-md bg-gray-50 p-3 text-center ring-1 ring-gray-200">
                <dt className="text-xs text-gray-600">{c.label}</dt>
                <dd className="text-xl font-semibold text-gray-900">{c.value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {!!result.approved && (
        <p>
          {result.approved === 1 ? "1 new application was" : `${result.approved} new applications were`}{" "}
          approved; their letters are being sent.
        </p>
      )}
      {!!result.unknownColumns?.length && (
        <p role="note" className="rounded-md bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
          Columns not imported (not known): {result.unknownColumns.join(", ")}
        </p>
      )}
      {!!result.notes?.length && (
        <div role="note" className="space-y-1 rounded-md bg-blue-50 p-3 text-blue-900 ring-1 ring-blue-200">
          {result.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      )}
      {!!result.reissued && (
        <p className="text-sm text-gray-800">
          {result.reissued === 1
            ? "1 approved letter was replaced by a new letter with a new reference; the applicant was told."
            : `${result.reissued} approved letters were replaced by new letters with new references; the applicants were told.`}
        </p>
      )}
      {result.updatedRecords.length > 0 && (
        <section aria-labelledby="import-updated">
          <h3 id="import-updated" className="font-semibold text-gray-900">
            Updated records
          </h3>
          <ul className="mt-1 max-h-40 list-disc space-y-1 overflow-y-auto pl-5">
            {result.updatedRecords.map((r, i) => (
              // Two rows may carry the same name; the position keeps keys unique.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={i}>
                <span className="font-medium">{r.name}</span>: {r.reason}
                {!!r.changed?.length && `. Changed: ${r.changed.join(", ")}`}
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.errors.length > 0 && (
        <section aria-labelledby="import-errors">
          <h3 id="import-errors" className="font-semibold text-red-800">
            Errors
          </h3>
          {result.failed > result.errors.length && (
            <p className="text-sm text-gray-800">
              The first {result.errors.length.toLocaleString("en-US")} of{" "}
              {result.failed.toLocaleString("en-US")} failed rows are listed here.
            </p>
          )}
          {result.errorReportId && <ErrorListDownload reportId={result.errorReportId} />}
          <ul className="mt-1 max-h-48 list-disc space-y-1 overflow-y-auto pl-5 text-red-900">
            {result.errors.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={i}>
                <span className="font-medium">{e.name}</span>: {e.error}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onImportAnother}>
          Import Another File
        </Button>
        <Button onClick={onClose}>Close</Button>
      </div>
    </div>
  );
}

/** The whole error list as a CSV file, for as long as the server keeps it (an hour). */
function ErrorListDownload({ reportId }: { reportId: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const failure = useAnnouncedText("assertive");
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadImportErrors(reportId);
    } catch (err) {
      setError(reasonOr(err, "Failed to download the list of errors"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-1">
      <Button variant="ghost" size="sm" onClick={download} busy={busy}>
        {busy ? "Downloading..." : "Download all errors (CSV)"}
      </Button>
      {error && (
        <p ref={failure} className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
