import type { ApplicationWarning, DuplicateRequest } from "@visa/domain";
import { Link, useLocation } from "react-router";

/**
 * The other requests a duplicate warning is about, each linked to its own review page (in the same
 * list place, so Back still returns to the reviewer's list) with its status.
 */
function OtherRequests({ others }: { others: DuplicateRequest[] }) {
  const { search } = useLocation();
  return (
    <>
      {others.length === 1 ? " The other request: " : " The other requests: "}
      {others.map((other, i) => (
        <span key={other._id}>
          {i > 0 && ", "}
          <Link
            to={`/admin/applications/${encodeURIComponent(other._id)}${search}`}
            className="font-medium underline hover:text-amber-700"
          >
            {other.firstName} {other.lastName}
          </Link>{" "}
          ({other.status})
        </span>
      ))}
      .
    </>
  );
}

/** The request's data-quality warnings on the admin's detail page; they never block a decision. */
export function WarningsSection({ warnings }: { warnings: ApplicationWarning[] | undefined }) {
  if (!warnings || warnings.length === 0) return null;
  return (
    <section aria-labelledby="warnings-title" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="warnings-title" className="text-base font-semibold text-amber-900">
        Warnings ({warnings.length})
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-900">
        {warnings.map((w) => (
          <li key={w.code}>
            {w.message}
            {w.others && w.others.length > 0 && <OtherRequests others={w.others} />}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-amber-900">Warnings never block a decision: check and decide.</p>
    </section>
  );
}
