import { type ReactNode, useEffect, useState } from "react";
import { ConfirmDialog } from "./ConfirmDialog";
import { TextInput } from "./FormField";

export interface TypedConfirmDialogProps {
  open: boolean;
  title: string;
  /** The word the admin must type exactly before the confirm button enables. */
  word: string;
  body: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** A confirmation for actions too costly for one click: the button stays disabled until the word is typed. */
export function TypedConfirmDialog({
  open,
  title,
  word,
  body,
  confirmLabel,
  busyLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: TypedConfirmDialogProps) {
  const [typed, setTyped] = useState("");

  // Each opening starts with an empty box, so a word typed earlier never confirms a new target.
  useEffect(() => {
    if (open) setTyped("");
  }, [open]);

  const confirmed = typed === word;
  const confirm = () => {
    if (confirmed && !busy) onConfirm();
  };

  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      pendingLabel={busyLabel}
      pending={busy}
      canConfirm={confirmed}
      focusCancel={false}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      {body}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <TextInput
          label={`Type ${word} to confirm`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          data-autofocus
          spellCheck={false}
        />
      </form>
    </ConfirmDialog>
  );
}
