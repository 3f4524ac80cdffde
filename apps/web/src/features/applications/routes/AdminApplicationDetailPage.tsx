import { useParams } from "react-router";
import { MAIN_ID } from "../../../components/SkipLink";
import { ApplicationDetail } from "../components/detail/ApplicationDetail";
import { useReviewMoveLine } from "../components/review/review-move";

/** /admin/applications/:id: the same detail view in admin mode, without the site header. */
export default function AdminApplicationDetailPage() {
  const { id = "" } = useParams();
  // '& next' says what it decided on the request before this one. The line stays on the page from
  // one request to the next (only the detail is new), so a screen reader reads what it is given.
  const decided = useReviewMoveLine();
  return (
    <main id={MAIN_ID} className="mx-auto max-w-6xl px-4 py-6">
      <p aria-live="polite" className={decided ? "mb-2 text-sm font-medium text-green-800" : "sr-only"}>
        {decided ?? ""}
      </p>
      <ApplicationDetail key={id} id={id} admin />
    </main>
  );
}
