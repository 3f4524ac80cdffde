/**
 * 'Changes requested' beside a request's status: the secretariat asked the applicant to correct
 * it (the status on the wire stays Pending). One wording for the applicant's and the admin's lists.
 */
export function ChangesRequestedBadge({ className = "" }: { className?: string }) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-800 ${className}`}
    >
      Changes requested
    </span>
  );
}
