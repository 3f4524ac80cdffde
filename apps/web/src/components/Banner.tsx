import type { ReactNode } from "react";
import { useAnnouncedText } from "../lib/announce";
import { focusMainHeading } from "../lib/main-heading";

const STYLES = {
  success: "border-green-300 bg-green-50 text-green-900",
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-blue-300 bg-blue-50 text-blue-900",
} as const;

export interface BannerProps {
  kind: keyof typeof STYLES;
  children: ReactNode;
  onDismiss?: () => void;
  className?: string;
  /**
   * A notice that is part of the page as it loads (what the page is about, not the answer to
   * anything the user did): read with the page, not announced.
   */
  quiet?: boolean;
  /** Its words wait while focus may yet come to it (`useAnnouncedText`'s `held`). */
  held?: boolean;
}

/**
 * A message above content. Its words are announced when it appears and when they change, through
 * the live regions that are always in the page (`lib/announce.ts`): errors at once, the rest
 * politely. The banner has no live role of its own, which readers would not all announce.
 */
export function Banner({
  kind,
  children,
  onDismiss,
  className = "",
  quiet = false,
  held = false,
}: BannerProps) {
  const words = useAnnouncedText(kind === "error" ? "assertive" : "polite", held);
  return (
    <div
      data-banner={kind}
      className={`flex items-start justify-between gap-3 rounded-md border px-4 py-3 text-sm ${STYLES[kind]} ${className}`}
    >
      <div ref={quiet ? undefined : words} className="min-w-0 flex-1 break-words">
        {children}
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={(event) => {
            const button = event.currentTarget;
            const hadFocus = button === document.activeElement;
            onDismiss();
            // The button goes with the banner and focus falls to the page's top: it goes to the
            // page's heading instead, where reading and Tab go on.
            if (hadFocus) window.setTimeout(() => dropped(button) && focusMainHeading());
          }}
          aria-label="Dismiss"
          className="-my-3 -mr-3 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded leading-none opacity-70 hover:opacity-100 focus-visible:outline-2"
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}

/** Whether `button` has left the page and taken keyboard focus with it. */
function dropped(button: HTMLElement): boolean {
  return !button.isConnected && (document.activeElement === null || document.activeElement === document.body);
}
