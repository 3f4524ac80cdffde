import { StatusMark } from "./StatusMark";

/**
 * 'Changes requested' beside a request's status: the secretariat asked the applicant to correct
 * it (the status on the wire stays Pending). One wording for the applicant's and the admin's lists.
 */
export function ChangesRequestedBadge({ className = "" }: { className?: string }) {
  return <StatusMark className={className}>Changes requested</StatusMark>;
}
