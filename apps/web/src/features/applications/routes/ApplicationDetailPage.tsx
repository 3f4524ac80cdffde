import { useParams } from "react-router";
import { ApplicationDetail } from "../components/detail/ApplicationDetail";

/** /applications/:id inside the signed-in layout. */
export default function ApplicationDetailPage() {
  const { id = "" } = useParams();
  return <ApplicationDetail key={id} id={id} admin={false} />;
}
