import type { FocusEvent } from "react";

/**
 * For a row that scrolls sideways on a phone (the admin sections, the meeting tabs): brings the
 * control that took keyboard focus wholly into view. Chromium leaves one that is partly shown
 * where it is, cut off at the screen's edge with its focus ring. Focus from a pointer is left
 * alone: moving the row under it between press and release would lose the click.
 */
export function revealFocused(e: FocusEvent<HTMLElement>): void {
  const el = e.target;
  if (el.matches(":focus-visible")) el.scrollIntoView?.({ block: "nearest", inline: "nearest" });
}
