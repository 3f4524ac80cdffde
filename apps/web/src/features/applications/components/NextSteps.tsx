import { type ApplicationDto, formatDayUS } from "@visa/domain";
import { Link } from "react-router";
import { useMe } from "../../../lib/use-me";
import { normalStatus } from "./status";

/** The meeting's expected review time in words, or the general rule when it does not say. */
export function reviewTimeText(reviewDays: number | null | undefined): string {
  if (!reviewDays) return "The secretariat reviews requests in the order they arrive.";
  return `Requests for this meeting are usually reviewed within ${reviewDays} day${reviewDays === 1 ? "" : "s"}.`;
}

/**
 * What comes next, in words true for this applicant: the portal mails only a verified address
 * (product.md), so an applicant who has not verified theirs is promised mail only once it is
 * verified (the approved letter goes then, if it has not gone yet).
 */
function steps(app: ApplicationDto, mailed: boolean): string[] {
  const meeting = app.meeting;
  if (app.withdrawnAt) {
    return [
      "You withdrew this request: the secretariat will not review it, and a letter issued for it is no longer valid.",
      "If you still need a letter, send a new request: 'Start from my last application' copies what you entered.",
    ];
  }
  switch (normalStatus(app.status)) {
    case "pending":
      return mailed
        ? [
            reviewTimeText(meeting?.reviewDays),
            "You will get an e-mail when it is decided. Until then you can still edit the request and add documents.",
            "Once approved, the signed letter is e-mailed to you and can be downloaded here.",
          ]
        : [
            reviewTimeText(meeting?.reviewDays),
            "The portal e-mails only verified addresses: verify yours to be told when it is decided. Until then you can still edit the request and add documents.",
            "Once approved, the signed letter can be downloaded here, and is e-mailed to you once your address is verified.",
          ];
    case "approved":
      return [
        app.letterEmailed
          ? "Your letter is ready: download it below (it was also e-mailed to you) and bring it to your visa appointment."
          : mailed
            ? "Your letter is ready: download it below and bring it to your visa appointment."
            : "Your letter is ready: download it below (it will also be e-mailed to you once your address is verified) and bring it to your visa appointment.",
        `Consular officers can check it online at the address printed on it. The meeting starts ${meeting ? formatDayUS(meeting.startDate) : "as planned"}.`,
      ];
    case "rejected":
      return [
        "This request was not approved; the reason, if one was given, is in the history below.",
        "You can send a new request with corrected details: 'Start from my last application' copies what you entered.",
      ];
    default:
      return [];
  }
}

/** 'What happens next' for the applicant: the review time, the e-mail, what they can still do. */
export function NextSteps({ app, headingLevel = 2 }: { app: ApplicationDto; headingLevel?: 2 | 3 }) {
  const me = useMe();
  // Until the account is known, the usual words: only a known unverified address changes them.
  const items = steps(app, me.data?.emailVerified !== false);
  if (items.length === 0) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby={`next-${app._id}`}
      className="rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-950"
    >
      <Heading id={`next-${app._id}`} className="font-semibold">
        What happens next
      </Heading>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {items.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      {normalStatus(app.status) === "rejected" && (
        <Link
          to="/applications/new"
          className="mt-2 inline-flex min-h-11 items-center font-medium text-blue-800 underline hover:text-blue-950"
        >
          Start a new request
        </Link>
      )}
    </section>
  );
}
