import { type RefObject, useEffect } from "react";

/**
 * The pages and 'Rows per page' sit under the table: a change of page or size there draws a table
 * of another height above them, which pushes the control that has focus out of the window (25
 * rows in place of 10 push it 800 px down) while the keyboard goes on working it unseen. Once the
 * new rows (`rows`) are drawn, the focused control within `ref` is scrolled back into view.
 */
export function useKeepInView(ref: RefObject<HTMLElement | null>, rows: unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: new rows are the trigger
  useEffect(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && ref.current?.contains(focused))
      focused.scrollIntoView?.({ block: "nearest" });
  }, [rows]);
}
