import type { ReactNode } from "react";
import { Banner } from "./Banner";

/**
 * A refusal that concerns no field, at the top of its form: announced at once (role=alert) and
 * focusable, so `focusFirstError` can bring it into view when no field is marked.
 */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div data-form-alert tabIndex={-1} className="scroll-mt-4 focus:outline-none">
      <Banner kind="error">{children}</Banner>
    </div>
  );
}
