import type { ApplicationWarning } from "@visa/domain";
import { Button } from "../../../../components/Button";
import { Modal } from "../../../../components/Modal";

export interface SubmitWarningsDialogProps {
  warnings: ApplicationWarning[];
  onCheck: () => void;
  onSubmitAnyway: () => void;
}

/** Before sending: what the review desk would flag, with a choice to check again or send as it is. */
export function SubmitWarningsDialog({ warnings, onCheck, onSubmitAnyway }: SubmitWarningsDialogProps) {
  return (
    <Modal
      open={warnings.length > 0}
      onClose={onCheck}
      title="Please check before sending"
      footer={
        <>
          <Button variant="secondary" className="min-h-11" onClick={onCheck} data-autofocus>
            Go back and check
          </Button>
          <Button className="min-h-11" onClick={onSubmitAnyway}>
            Submit anyway
          </Button>
        </>
      }
    >
      <ul className="list-disc space-y-2 pl-5">
        {warnings.map((w) => (
          <li key={w.code}>{w.message}</li>
        ))}
      </ul>
    </Modal>
  );
}
