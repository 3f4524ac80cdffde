import { useParams } from "react-router";
import { MAIN_ID } from "../../../components/SkipLink";
import { ApplicationDetail } from "../components/detail/ApplicationDetail";

/** /admin/applications/:id: the same detail view in admin mode, without the site header. */
export default function AdminApplicationDetailPage() {
  const { id = "" } = useParams();
  return (
    <main id={MAIN_ID} className="mx-auto max-w-6xl px-4 py-6">
      <ApplicationDetail key={id} id={id} admin />
    </main>
  );
}
