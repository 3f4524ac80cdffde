import { Banner } from "../../../../components/Banner";
import { formatDateEastern } from "../../../../lib/dates";

export interface DraftNoticeProps {
  savedAt: string;
  onDiscard: () => void;
  /** A new request's draft, or unsaved changes to a stored request (its own values stay as stored). */
  of?: "new" | "edit";
}

/**
 * Says that the form holds a draft restored from this browser, and offers to discard it. A new
 * request's form opens with it, read with the page; an edit's is the answer to Edit, announced.
 */
export function DraftNotice({ savedAt, onDiscard, of = "new" }: DraftNoticeProps) {
  const saved = formatDateEastern(savedAt);
  return (
    <Banner kind="info" quiet={of === "new"}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        {of === "new" ? (
          <p>
            We restored the draft you were writing on this browser (last saved {saved}). Your passport number
            and date of birth are not kept in drafts: please enter them again.
          </p>
        ) : (
          <p>
            We restored the changes you had not saved yet on this browser (last saved {saved}). Changes to
            your passport number and date of birth are not kept in drafts: check them before you save.
          </p>
        )}
        <button
          type="button"
          onClick={onDiscard}
          className="min-h-11 shrink-0 rounded-md px-3 font-medium text-blue-800 underline hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          Discard draft
        </button>
      </div>
    </Banner>
  );
}
