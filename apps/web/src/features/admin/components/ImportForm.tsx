import {
  COUNTRIES,
  fileTooLargeMessage,
  IMPORT_REQUIRED_COLUMNS,
  MAX_IMPORT_BYTES,
  type MeetingDto,
  stateRequired,
} from "@visa/domain";
import { type FormEvent, useState } from "react";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { FormField } from "../../../components/FormField";
import { saveBlob } from "../../../lib/api-client";
import type { ImportProgress } from "../api/import-applications";
import { buildImportTemplate, IMPORT_TEMPLATE_FILENAME } from "../lib/import-template";

/** The countries whose addresses need a state or province, by name, for the help text. */
const STATE_COUNTRY_NAMES = COUNTRIES.filter((c) => stateRequired(c.code))
  .map((c) => c.name)
  .join(", ");

export interface ImportFormProps {
  /** The meeting on screen: the template's example row names it. */
  meeting: MeetingDto | null;
  pending: boolean;
  /** How far a large file's import has come while it is pending (small files report nothing). */
  progress?: ImportProgress | null;
  /** The server's refusal of the last file, if any. */
  serverError: string | null;
  onImport: (file: File) => void;
  onCancel: () => void;
}

/**
 * Choose a .csv file (checked here too: the picker's filter is only a hint) of at most the server's
 * limit, and send it.
 */
export function ImportForm({ meeting, pending, progress, serverError, onImport, onCancel }: ImportFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const downloadTemplate = () => {
    const csv = buildImportTemplate(meeting ?? undefined);
    saveBlob(new Blob([csv], { type: "text/csv;charset=utf-8" }), IMPORT_TEMPLATE_FILENAME);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError("Please select a file to import");
    if (!file.name.toLowerCase().endsWith(".csv")) return setError("Only .csv files can be imported");
    // Said before the upload, in the server's words: a large file would be sent whole to be refused.
    if (file.size > MAX_IMPORT_BYTES) return setError(fileTooLargeMessage(MAX_IMPORT_BYTES, file.size));
    setError(null);
    onImport(file);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {serverError && !error && <Banner kind="error">{serverError}</Banner>}
      <FormField
        label="CSV file"
        hint="One application per row; dates as YYYY-MM-DD; gender Male, Female or Other."
        error={error ?? undefined}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept=".csv"
            data-autofocus
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
            }}
            className="block w-full text-sm text-gray-800 file:mr-3 file:rounded-md file:border-0 file:bg-blue-50 file:px-3 file:py-2 file:font-medium file:text-blue-800 hover:file:bg-blue-100"
          />
        )}
      </FormField>
      <div className="rounded-md bg-gray-50 p-3 text-xs text-gray-700 ring-1 ring-gray-200">
        <p className="font-medium text-gray-900">Required fields</p>
        <p className="mt-1 break-words">{IMPORT_REQUIRED_COLUMNS.join(", ")}</p>
        <p className="mt-2">state is required for an address in {STATE_COUNTRY_NAMES}.</p>
        <p className="mt-2">
          meetingName must match an existing meeting. A row whose passport number (or e-mail) matches an
          application of the same meeting updates it instead of adding a new one.
        </p>
        <p className="mt-2">
          Keep an exported file's applicationId and lastChanged columns: a row then fails, instead of undoing
          a change made in the portal after the export or adding back a request deleted since.
        </p>
      </div>
      <Button variant="ghost" size="sm" onClick={downloadTemplate}>
        Download CSV Template
      </Button>
      {pending && progress && <ImportProgressLine progress={progress} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={pending}>
          {pending ? "Importing..." : "Import"}
        </Button>
      </div>
    </form>
  );
}

/** Sending: how much of the file is sent. Then the server checks every row, which it does not report. */
function ImportProgressLine({ progress }: { progress: ImportProgress }) {
  const sending = progress.stage === "sending";
  const label = sending
    ? `Sending the file: ${progress.percent}%`
    : "File sent. Checking and saving its rows; a large file takes a little while.";
  return (
    <div role="status" className="space-y-1 text-sm text-gray-800">
      <p id="import-progress-label">{label}</p>
      <progress
        aria-labelledby="import-progress-label"
        max={100}
        value={sending ? progress.percent : undefined}
        className="h-2 w-full"
      />
    </div>
  );
}
