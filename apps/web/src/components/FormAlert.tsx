import type { ReactNode } from "react";
import { Banner } from "./Banner";

/**
 * A refusal that concerns no field, at the top of its form, focusable, so `focusFirstError` can
 * bring it into view when no field is marked. Its words are held: `focusFirstError` announces them
 * at once when focus goes to a marked field, and leaves them to focus when it comes here.
 */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div data-form-alert tabIndex={-1} className="scroll-mt-4 focus:outline-none">
      <Banner kind="error" held>
        {children}
      </Banner>
    </div>
  );
}
