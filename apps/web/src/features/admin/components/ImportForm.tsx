import { IMPORT_REQUIRED_COLUMNS, type MeetingDto } from "@visa/domain";
import { type FormEvent, useState } from "react";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { FormField } from "../../../components/FormField";
import { saveBlob } from "../../../lib/api-client";
import { buildImportTemplate, IMPORT_TEMPLATE_FILENAME } from "../lib/import-template";

export interface ImportFormProps {
  /** The meeting on screen: the template's example row names it. */
  meeting: MeetingDto | null;
  pending: boolean;
  /** The server's refusal of the last file, if any. */
  serverError: string | null;
  onImport: (file: File) => void;
  onCancel: () => void;
}

/** Choose a .csv file (checked here too: the picker's filter is only a hint) and send it. */
export function ImportForm({ meeting, pending, serverError, onImport, onCancel }: ImportFormProps) {
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
        <p className="mt-2">
          meetingName must match an existing meeting. A row whose passport number (or e-mail) matches an
          application of the same meeting updates it instead of adding a new one.
        </p>
      </div>
      <Button variant="ghost" size="sm" onClick={downloadTemplate}>
        Download CSV Template
      </Button>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Importing..." : "Import"}
        </Button>
      </div>
    </form>
  );
}
