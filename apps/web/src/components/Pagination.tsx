import { PAGINATION_WINDOW } from "@visa/domain";

/** A page number, or a gap between the first/last page and the window around the current one. */
export type PageItem = number | "ellipsis-start" | "ellipsis-end";

/**
 * The page buttons to show (spec §2): every page when there are at most PAGINATION_WINDOW,
 * otherwise PAGINATION_WINDOW slots that always hold the first and last page, the current page
 * and its neighbours, with an ellipsis standing for each hidden run.
 */
export function pageWindow(current: number, pages: number, size: number = PAGINATION_WINDOW): PageItem[] {
  if (pages <= 0) return [];
  const page = Math.min(Math.max(1, current), pages);
  if (pages <= size) return Array.from({ length: pages }, (_, i) => i + 1);
  // Slots between first and last page once the two ellipses are counted.
  const inner = size - 4;
  const nearStart = page <= size - 3;
  const nearEnd = page >= pages - (size - 4);
  if (nearStart) {
    return [...Array.from({ length: size - 2 }, (_, i) => i + 1), "ellipsis-end", pages];
  }
  if (nearEnd) {
    return [1, "ellipsis-start", ...Array.from({ length: size - 2 }, (_, i) => pages - (size - 3) + i)];
  }
  const from = page - Math.floor((inner - 1) / 2);
  return [1, "ellipsis-start", ...Array.from({ length: inner }, (_, i) => from + i), "ellipsis-end", pages];
}

export interface PaginationProps {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Applications pages". */
  label?: string;
}

/** 44 px square at least: tap targets on a phone. */
const BUTTON =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm font-medium ring-1 ring-inset ring-gray-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

/**
 * Previous or Next. At the end it goes that way is `aria-disabled` and does nothing, but is not
 * `disabled`: Next pressed onto the last page would otherwise drop the keyboard's focus to the
 * start of the page.
 */
function StepButton({ label, off, onPress }: { label: string; off: boolean; onPress: () => void }) {
  return (
    <button
      type="button"
      className={`${BUTTON} bg-white text-gray-800 hover:bg-gray-50`}
      aria-disabled={off || undefined}
      onClick={off ? undefined : onPress}
    >
      {label}
    </button>
  );
}

/** Previous / numbered / Next buttons; hidden when everything fits on one page. */
export function Pagination({ page, pages, onPageChange, label = "Pagination" }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1 py-3">
      <StepButton label="Previous" off={page <= 1} onPress={() => onPageChange(page - 1)} />
      {pageWindow(page, pages).map((item) =>
        typeof item === "number" ? (
          <button
            key={item}
            type="button"
            aria-label={`Page ${item}`}
            aria-current={item === page ? "page" : undefined}
            className={`${BUTTON} ${
              item === page
                ? "bg-blue-700 text-white ring-blue-700"
                : "bg-white text-gray-800 hover:bg-gray-50"
            }`}
            onClick={() => onPageChange(item)}
          >
            {item}
          </button>
        ) : (
          <span key={item} className="px-1 text-gray-500" aria-hidden="true">
            …
          </span>
        ),
      )}
      <StepButton label="Next" off={page >= pages} onPress={() => onPageChange(page + 1)} />
    </nav>
  );
}
