import type { ReactNode, Ref } from "react";
import { Banner, type BannerProps } from "./Banner";

export interface DecisionNoticeProps {
  kind: BannerProps["kind"];
  text: string;
  onDismiss: () => void;
  /** useDecisionFocus's noticeRef: focus comes here once the decided control has gone. */
  noticeRef: Ref<HTMLDivElement>;
  /** useDecisionFocus's held: its words wait until focus is placed, which may say them. */
  held: boolean;
  /** What follows the text in the notice (a link on, say). */
  children?: ReactNode;
}

/**
 * The answer to a decision, as a banner that can take keyboard focus (lib/use-decision-focus.ts):
 * said by focus when it goes there, announced otherwise, never both.
 */
export function DecisionNotice({ kind, text, onDismiss, noticeRef, held, children }: DecisionNoticeProps) {
  return (
    <div
      ref={noticeRef}
      tabIndex={-1}
      className="rounded-md focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      <Banner kind={kind} onDismiss={onDismiss} held={held}>
        {text}
        {children && <> {children}</>}
      </Banner>
    </div>
  );
}
