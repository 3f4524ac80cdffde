import { useEffect, useRef, useState } from "react";
import { useAnnouncedText } from "../lib/announce";
import { useRejectionReasons } from "../lib/review-actions";
import { Button } from "./Button";
import { controlClass, FormField } from "./FormField";
import { Modal } from "./Modal";

const OTHER = "__other__";

export interface RejectDialogProps {
  open: boolean;
  /** Who is rejected: one name, or "5 applications". */
  subject: string;
  busy?: boolean;
  error?: string | null;
  onClose: () => void;
  onReject: (reason: string) => void;
  /** The confirm button's text ("Reject", "Reject & next"). */
  confirmLabel?: string;
}

/**
 * Rejection asks for a reason, shown to the applicant and in the mail: one of the organisation's
 * reasons, or a typed one.
 */
export function RejectDialog({
  open,
  subject,
  busy,
  error,
  onClose,
  onReject,
  confirmLabel = "Reject",
}: RejectDialogProps) {
  const reasons = useRejectionReasons();
  const toldAtOnce = useAnnouncedText("assertive");
  const [choice, setChoice] = useState("");
  const [typed, setTyped] = useState("");
  const [missing, setMissing] = useState(false);
  // Each Reject pressed without a reason: focus goes to the field that wants one, where its error is
  // read (the error beside it is not announced by itself).
  const [unanswered, setUnanswered] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (unanswered) form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [unanswered]);
  useEffect(() => {
    if (open) {
      setChoice("");
      setTyped("");
      setMissing(false);
    }
  }, [open]);
  const list = reasons.data?.reasons ?? [];
  const reason = (choice === OTHER || list.length === 0 ? typed : choice).trim();
  const submit = () => {
    if (!reason) {
      setMissing(true);
      setUnanswered((n) => n + 1);
      return;
    }
    onReject(reason);
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Reject ${subject}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={submit} busy={busy}>
            {busy ? "Rejecting..." : confirmLabel}
          </Button>
        </>
      }
    >
      <form
        ref={form}
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p>The reason is shown to the applicant and included in the e-mail they receive.</p>
        {list.length > 0 && (
          <FormField
            label="Reason"
            required
            error={missing && choice !== OTHER ? "Choose a reason" : undefined}
          >
            {(control) => (
              // The dialog opens on its first question, the reason.
              <select
                {...control}
                data-autofocus
                className={controlClass}
                value={choice}
                onChange={(e) => setChoice(e.target.value)}
              >
                <option value="">Choose a reason...</option>
                {list.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
                <option value={OTHER}>Another reason (type it)</option>
              </select>
            )}
          </FormField>
        )}
        {(choice === OTHER || list.length === 0) && (
          <FormField label="Reason for the applicant" required error={missing ? "Type a reason" : undefined}>
            {(control) => (
              <input
                {...control}
                className={controlClass}
                value={typed}
                maxLength={500}
                onChange={(e) => setTyped(e.target.value)}
              />
            )}
          </FormField>
        )}
        {error && (
          <p ref={toldAtOnce} className="text-red-700">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
