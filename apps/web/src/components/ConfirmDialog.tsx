import type { ReactNode } from "react";
import { Banner } from "./Banner";
import { Button } from "./Button";
import { Modal } from "./Modal";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  pending?: boolean;
  /** Shown inside the dialog, so a refusal (e.g. "last admin") is read where it was asked. */
  error?: string | null;
  /** Extra condition to enable the confirm button (e.g. a typed confirmation word). */
  canConfirm?: boolean;
  /** False when the body holds a field that should get focus instead of Cancel. */
  focusCancel?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A destructive action's confirmation: Cancel gets focus first so Enter never deletes by accident. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel = "Deleting...",
  pending = false,
  error,
  canConfirm = true,
  focusCancel = true,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-autofocus={focusCancel || undefined}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={!canConfirm} busy={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        {error && <Banner kind="error">{error}</Banner>}
        {children}
      </div>
    </Modal>
  );
}
