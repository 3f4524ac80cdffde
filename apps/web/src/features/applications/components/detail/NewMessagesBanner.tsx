import { formatTimestampEastern } from "@visa/domain";
import type { MouseEvent } from "react";
import { Banner } from "../../../../components/Banner";
import { useApplicationHistory } from "../../api/application-history";
import { SecretariatQuote } from "./SecretariatQuote";
import { STATUS_HISTORY_ID } from "./StatusHistory";

/** Takes the reader to the status history's heading: scrolled into view and focused, so Tab goes on from there. */
function jumpToHistory(event: MouseEvent<HTMLAnchorElement>) {
  const heading = document.getElementById(STATUS_HISTORY_ID);
  if (!heading) return;
  event.preventDefault();
  heading.scrollIntoView?.({ block: "start" });
  heading.focus();
}

/**
 * The secretariat's messages written since the applicant last acted on the request (the server
 * marks them unseen), at the top of the page: in the status history they sit screens down, and
 * the mail may not have reached them. Part of the page as it opens, read with it: not announced.
 */
export function NewMessagesBanner({ id }: { id: string }) {
  const history = useApplicationHistory(id);
  const unseen = history.data?.filter((e) => e.kind === "message" && e.unseen && e.text?.trim()) ?? [];
  if (unseen.length === 0) return null;
  return (
    <Banner kind="info" quiet>
      <p className="font-medium">
        {unseen.length === 1
          ? "New message from the secretariat"
          : `${unseen.length} new messages from the secretariat`}
      </p>
      <ul className="mt-1 space-y-2">
        {unseen.map((m) => (
          <li key={m._id}>
            <p className="text-xs">{formatTimestampEastern(m.at)}</p>
            <SecretariatQuote text={m.text?.trim() ?? ""} />
          </li>
        ))}
      </ul>
      <a
        href={`#${STATUS_HISTORY_ID}`}
        onClick={jumpToHistory}
        className="inline-flex min-h-11 items-center text-blue-800 underline hover:text-blue-950"
      >
        See the full status history
      </a>
    </Banner>
  );
}
