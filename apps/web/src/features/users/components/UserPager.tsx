import { USERS_PAGE_SIZE } from "@visa/domain";
import { Button } from "../../../components/Button";

export interface UserPagerProps {
  page: number;
  pages: number;
  total: number;
  shown: number;
  onPageChange: (page: number) => void;
}

/**
 * 'Showing a-b of n users', 'Page X of Y' and Previous/Next. At an end, Previous or Next is
 * `aria-disabled`, not `disabled`: Next pressed onto the last page keeps the keyboard's focus.
 */
export function UserPager({ page, pages, total, shown, onPageChange }: UserPagerProps) {
  const from = total === 0 ? 0 : (page - 1) * USERS_PAGE_SIZE + 1;
  const to = total === 0 ? 0 : from + shown - 1;
  return (
    <div className="flex flex-col items-center gap-2 py-3 text-sm text-gray-700 sm:flex-row sm:justify-between">
      <p aria-live="polite">
        Showing {from}-{to} of {total} users
      </p>
      <nav aria-label="User pages" className="flex items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          aria-disabled={page <= 1 || undefined}
          onClick={() => page > 1 && onPageChange(page - 1)}
        >
          Previous
        </Button>
        <span>
          Page {page} of {Math.max(pages, 1)}
        </span>
        <Button
          variant="secondary"
          size="sm"
          aria-disabled={page >= pages || undefined}
          onClick={() => page < pages && onPageChange(page + 1)}
        >
          Next
        </Button>
      </nav>
    </div>
  );
}
