import type { FormEventHandler, ReactNode } from "react";
import { Button } from "../../../components/Button";

export interface AuthFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  submitLabel: string;
  /** Shown on the disabled button while the request runs, so a second click cannot send it twice. */
  submittingLabel: string;
  children: ReactNode;
}

/** An account form: its fields, then one full-width submit button. Validation messages are ours, not the browser's. */
export function AuthForm({ onSubmit, submitting, submitLabel, submittingLabel, children }: AuthFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {children}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? submittingLabel : submitLabel}
      </Button>
    </form>
  );
}
