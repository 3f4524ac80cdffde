import type { ImportResultDto, MeetingDto } from "@visa/domain";
import { useEffect, useState } from "react";
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

  const again = () => {
    setResult(null);
    reset();
    setFormKey((k) => k + 1);
  };

  return (
    <Modal open={open} onClose={onClose} title="Import Applications" size="lg">
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
    </Modal>
  );
}
