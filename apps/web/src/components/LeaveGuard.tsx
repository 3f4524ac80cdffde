import { type RefObject, useEffect } from "react";
import { useBlocker } from "react-router";
import { getSession } from "../lib/session";
import { ConfirmDialog } from "./ConfirmDialog";

export interface LeaveGuardProps {
  /** Whether the form holds changes that leaving would lose. */
  when: boolean;
  /** What happens to the changes if the user leaves all the same. */
  consequence?: string;
  /** Set to true just before the form itself navigates away (after a save), which needs no question. */
  leavingRef?: RefObject<boolean>;
}

/**
 * Asks before leaving a form with unsaved changes: a link or Back inside the app opens a dialog,
 * and closing or reloading the tab gets the browser's own question. A session that ended (logout,
 * expiry) leaves without asking.
 */
export function LeaveGuard({
  when,
  consequence = "Your changes will be lost.",
  leavingRef,
}: LeaveGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      !leavingRef?.current &&
      getSession() !== null &&
      currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title="Leave this page?"
      confirmLabel="Leave"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      <p>You have changes that are not saved. {consequence}</p>
    </ConfirmDialog>
  );
}
