import type { FormEventHandler, ReactNode } from "react";
import { Button } from "../../../components/Button";

export interface AuthFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  submitLabel: string;
  /** Shown on the button while the request runs; a second click or Enter sends nothing then. */
  submittingLabel: string;
  children: ReactNode;
}

/**
 * An account form: its fields, then one full-width submit button. Validation messages are ours,
 * not the browser's. While the request runs the button is aria-disabled rather than disabled: a
 * disabled button loses the keyboard's focus, which would leave a keyboard or screen-reader user
 * at the start of the page after a wrong password.
 */
export function AuthForm({ onSubmit, submitting, submitLabel, submittingLabel, children }: AuthFormProps) {
  return (
    <form
      onSubmit={(e) => {
        if (submitting) e.preventDefault();
        else onSubmit(e);
      }}
      noValidate
      className="space-y-4"
    >
      {children}
      <Button
        type="submit"
        className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        aria-disabled={submitting || undefined}
      >
        {submitting ? submittingLabel : submitLabel}
      </Button>
    </form>
  );
}
