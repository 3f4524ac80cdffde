import {
  ALLOWED_UPLOAD_TYPES,
  type ApplicationDto,
  type DocumentDto,
  fileTooLargeMessage,
  formatTimestampEastern,
  sizeText as limitText,
  MAX_UPLOAD_BYTES,
} from "@visa/domain";
import { type FormEvent, useId, useRef, useState } from "react";
import { Banner } from "../../../../components/Banner";
import { Button } from "../../../../components/Button";
import { controlClass } from "../../../../components/FormField";
import { useDeleteDocument } from "../../api/delete-document";
import { downloadDocument } from "../../api/downloads";
import { useUploadDocument } from "../../api/upload-document";
import { RemoveDocumentDialog } from "./RemoveDocumentDialog";

const ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Why a file cannot be sent, checked before uploading (the server checks again). */
export function uploadProblem(file: File): string | null {
  if (!(ALLOWED_UPLOAD_TYPES as readonly string[]).includes(file.type)) {
    return "Only PDF, JPEG or PNG files can be uploaded.";
  }
  // The server's own words, so the file's size is told whichever of the two refuses it.
  if (file.size > MAX_UPLOAD_BYTES) return fileTooLargeMessage(MAX_UPLOAD_BYTES, file.size);
  return null;
}

export interface DocumentsSectionProps {
  app: ApplicationDto;
  canUpload: boolean;
  canRemove: boolean;
}

/** Additional documents: download links (sent with the session) and, when allowed, upload and removal. */
export function DocumentsSection({ app, canUpload, canRemove }: DocumentsSectionProps) {
  const upload = useUploadDocument(app._id);
  const remove = useDeleteDocument(app._id);
  const [removing, setRemoving] = useState<DocumentDto | null>(null);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const docs = app.additionalDocumentation ?? [];

  async function open(doc: DocumentDto) {
    setMessage(null);
    try {
      await downloadDocument(doc);
    } catch (e) {
      setMessage({
        kind: "error",
        text: `Failed to download document: ${e instanceof Error ? e.message : ""}`,
      });
    }
  }

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing);
      setMessage({ kind: "success", text: `Removed ${removing.filename}` });
    } catch (err) {
      setMessage({
        kind: "error",
        text: `Failed to remove document: ${err instanceof Error ? err.message : ""}`,
      });
    }
    setRemoving(null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (upload.isPending) return;
    const file = input.current?.files?.[0];
    if (!file) return setMessage({ kind: "error", text: "Please choose a file to upload." });
    const problem = uploadProblem(file);
    if (problem) return setMessage({ kind: "error", text: problem });
    setMessage(null);
    try {
      await upload.mutateAsync(file);
      if (input.current) input.current.value = "";
      setMessage({ kind: "success", text: `Uploaded ${file.name}` });
    } catch (err) {
      setMessage({
        kind: "error",
        text: `Failed to upload document: ${err instanceof Error ? err.message : ""}`,
      });
    }
  }

  return (
    <section className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="text-base font-semibold text-gray-900">Additional Documents</h2>
      {docs.length === 0 ? (
        <p className="text-sm text-gray-700">No documents uploaded.</p>
      ) : (
        <ul className="divide-y divide-gray-200">
          {docs.map((doc) => (
            <li key={doc._id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <button
                type="button"
                onClick={() => open(doc)}
                aria-label={`Download ${doc.filename}`}
                className="break-all text-left text-blue-700 underline hover:text-blue-900 focus-visible:outline-2"
              >
                {doc.filename}
              </button>
              <span className="flex items-center gap-3 text-gray-600">
                {sizeText(doc.size)} · {formatTimestampEastern(doc.uploadedAt)}
                {canRemove && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setRemoving(doc)}
                    aria-label={`Remove ${doc.filename}`}
                  >
                    Remove
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {message && (
        <Banner kind={message.kind} onDismiss={() => setMessage(null)}>
          {message.text}
        </Banner>
      )}
      <RemoveDocumentDialog
        doc={removing}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
      />
      {canUpload && (
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-800">
              Upload a document
            </label>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={ACCEPT}
              aria-describedby={`${inputId}-hint`}
              className={controlClass}
            />
            <p id={`${inputId}-hint`} className="mt-1 text-xs text-gray-600">
              {`PDF, JPEG or PNG, up to ${limitText(MAX_UPLOAD_BYTES)}.`}
            </p>
          </div>
          <Button
            type="submit"
            variant="secondary"
            aria-disabled={upload.isPending || undefined}
            className="sm:mb-5"
          >
            {upload.isPending ? "Uploading..." : "Upload"}
          </Button>
        </form>
      )}
    </section>
  );
}
