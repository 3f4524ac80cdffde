import { Banner } from "../../../../components/Banner";
import { formatDateEastern } from "../../../../lib/dates";

/** Says that the form holds a draft restored from this browser, and offers to discard it. */
export function DraftNotice({ savedAt, onDiscard }: { savedAt: string; onDiscard: () => void }) {
  return (
    <Banner kind="info">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p>
          We restored the draft you were writing on this browser (last saved {formatDateEastern(savedAt)}).
          Your passport number and date of birth are not kept in drafts: please enter them again.
        </p>
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
