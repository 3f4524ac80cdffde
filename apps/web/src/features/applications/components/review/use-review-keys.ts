import { useEffect, useRef } from "react";

export interface ReviewKeyActions {
  approve: () => unknown;
  approveNext: () => unknown;
  reject: () => unknown;
  rejectNext: () => unknown;
  next: () => unknown;
  previous: () => unknown;
  back: () => unknown;
  help: () => unknown;
}

/** Whether a key press belongs to a control or a dialog rather than to the page. */
function typingOrDialog(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest("input, textarea, select, [contenteditable='true'], [role='dialog']")) return true;
  return document.querySelector("[role='dialog']") !== null;
}

/** The review desk's keyboard shortcuts (listed in ShortcutsDialog), off while typing or in a dialog. */
export function useReviewKeys(actions: ReviewKeyActions, enabled: boolean): void {
  // The latest actions, read at the key press: the listener is added once per enabling.
  const current = useRef(actions);
  current.current = actions;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typingOrDialog(e.target)) return;
      const actions = current.current;
      const map: Record<string, (() => unknown) | undefined> = {
        a: actions.approve,
        A: actions.approveNext,
        r: actions.reject,
        R: actions.rejectNext,
        j: actions.next,
        ArrowRight: actions.next,
        k: actions.previous,
        ArrowLeft: actions.previous,
        b: actions.back,
        "?": actions.help,
      };
      // Caps Lock turns "a" into "A" without Shift: a letter key goes by the letter and Shift alone.
      const key = /^[a-z]$/i.test(e.key) ? (e.shiftKey ? e.key.toUpperCase() : e.key.toLowerCase()) : e.key;
      const run = map[key];
      if (!run) return;
      e.preventDefault();
      run();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}
