import type { DocumentDto } from "@visa/domain";
import { Button } from "../../../../components/Button";
import { Modal } from "../../../../components/Modal";

export interface RemoveDocumentDialogProps {
  doc: DocumentDto | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a supporting document is removed for good. */
export function RemoveDocumentDialog({ doc, busy, onCancel, onConfirm }: RemoveDocumentDialogProps) {
  return (
    <Modal
      open={doc !== null}
      onClose={onCancel}
      title="Remove Document"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {busy ? "Removing..." : "Remove"}
          </Button>
        </>
      }
    >
      <p>Remove {doc?.filename} from this application? This cannot be undone.</p>
    </Modal>
  );
}
