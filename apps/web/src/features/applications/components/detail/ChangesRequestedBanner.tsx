import { Banner } from "../../../../components/Banner";
import { useApplicationHistory } from "../../api/application-history";
import { SecretariatQuote } from "./SecretariatQuote";

/**
 * What the secretariat asked to correct, quoted where the applicant reads it first: on a phone
 * the status history is several screens down. Until the history is read (or if its message is
 * gone), the banner points to it. Part of the page as it opens, read with it: not announced.
 */
export function ChangesRequestedBanner({ id }: { id: string }) {
  const history = useApplicationHistory(id);
  const asked = history.data?.findLast((e) => e.kind === "changes_requested")?.text?.trim();
  if (!asked) {
    return (
      <Banner kind="info" quiet>
        The secretariat asks you to correct this request: see their message below, then edit and save it.
      </Banner>
    );
  }
  return (
    <Banner kind="info" quiet>
      <p>The secretariat asks you to correct this request:</p>
      <SecretariatQuote text={asked} />
      <p>Edit the request and save it.</p>
    </Banner>
  );
}
