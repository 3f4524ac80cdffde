import type { ImportResultDto, MeetingDto } from "@visa/domain";
import { useEffect, useRef, useState } from "react";
import { Modal } from "../../../components/Modal";
import { reasonOr } from "../../../lib/failure-message";
import { type ImportProgress, useImportApplications } from "../api/import-applications";
import { ImportForm } from "./ImportForm";
import { ImportResultView } from "./ImportResultView";

export interface ImportDialogProps {
  open: boolean;
  meeting: MeetingDto | null;
  onClose: () => void;
}

/** 'Import Applications': the file form, then what the import did. */
export function ImportDialog({ open, meeting, onClose }: ImportDialogProps) {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const importFile = useImportApplications(setProgress);
  const { reset } = importFile;
  const [result, setResult] = useState<ImportResultDto | null>(null);
  // Bumped to give the form a fresh, empty file picker.
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    if (open) {
      setResult(null);
      reset();
    }
  }, [open, reset]);

  // The form gives way to the result, and the result to a fresh form: the control that had focus
  // goes with them, and focus would fall out of the dialog. It goes to the new content's first place.
  const content = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new result or form is the trigger
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body && content.current?.contains(active)) return;
    content.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [result, formKey]);

  const again = () => {
    setResult(null);
    reset();
    setFormKey((k) => k + 1);
  };

  return (
    <Modal open={open} onClose={onClose} title="Import Applications" size="lg">
      <div ref={content}>
        {result ? (
          <ImportResultView result={result} onImportAnother={again} onClose={onClose} />
        ) : (
          <ImportForm
            key={formKey}
            meeting={meeting}
            pending={importFile.isPending}
            progress={progress}
            serverError={
              importFile.isError ? reasonOr(importFile.error, "Failed to import applications") : null
            }
            onImport={(file) => {
              setProgress(null);
              importFile.mutate(file, { onSuccess: setResult });
            }}
            onCancel={onClose}
          />
        )}
      </div>
    </Modal>
  );
}
