/** What can happen to an application, as its history records it. */
export const HISTORY_KINDS = [
  "created",
  "fields_changed",
  "status_changed",
  "letter_issued",
  "letter_revoked",
  "mail_sent",
  "mail_failed",
  "imported",
  "note",
  "message",
  "changes_requested",
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** The entries an applicant sees of their own application; admins see every kind, notes included. */
export const APPLICANT_HISTORY_KINDS: readonly HistoryKind[] = [
  "status_changed",
  "message",
  "changes_requested",
];

/** Fields whose values the history never keeps: it records only that they changed. */
export const IDENTIFIER_FIELDS: readonly string[] = ["passportNumber", "birthdate"];

/** One changed field: old and new value, or neither for a personal identifier. */
export interface HistoryChangeDto {
  field: string;
  from?: string;
  to?: string;
}

/**
 * One entry of GET /api/applications/:id/history, oldest first. `text` is a note's or message's
 * words, a letter's reference or a mail's subject; `reason` a status change's or revocation's.
 */
export interface HistoryEntryDto {
  _id: string;
  kind: HistoryKind;
  at: string;
  /** Who did it (null: the system, or an account deleted since); the e-mail is shown to admins only. */
  by: { firstName: string; lastName: string; email?: string } | null;
  fromStatus?: string;
  toStatus?: string;
  reason?: string;
  text?: string;
  changes?: HistoryChangeDto[];
  /**
   * A message of the secretariat its owner has not seen: written since they last acted on the
   * request (edited, withdrew, uploaded). Only in the owner's own history.
   */
  unseen?: boolean;
}

/**
 * GET /api/applications/unseen-messages: the signed-in user's applications with messages of the
 * secretariat they have not seen, how many and the newest one's time.
 */
export type UnseenMessagesDto = { applicationId: string; count: number; latestAt: string }[];

/** The reason the server records on the status change an applicant's withdrawal makes. */
export const WITHDRAWAL_REASON = "Withdrawn by the applicant";

/**
 * Whether the entry is the applicant withdrawing their request: on the wire a change to Rejected,
 * which screens present as the applicant's own act, not as the secretariat's decision.
 */
export function isWithdrawal(e: Pick<HistoryEntryDto, "kind" | "toStatus" | "reason">): boolean {
  return e.kind === "status_changed" && e.toStatus === "Rejected" && e.reason === WITHDRAWAL_REASON;
}

/**
 * The cause a letter's revocation records in the history when a request for changes reopens an
 * approved request. The public verification page gives such a letter the reason `withdrawn`
 * ("The request, or its approval, was withdrawn."), which tells an officer nothing private; the
 * secretariat and the applicant read the real cause.
 */
export const CHANGES_REQUESTED_REVOCATION = "changes_requested";

/** A revoked letter's cause as the history says it: in words for a request for changes, else its reason. */
export function revocationCause(reason: string | undefined): string {
  return reason === CHANGES_REQUESTED_REVOCATION ? "changes were requested" : (reason ?? "");
}

/**
 * The reason on the status change a request for changes makes (an Approved or Rejected request
 * back to Pending), so the applicant's history says why; `letterRevoked` when it took back a letter.
 */
export function changesRequestedReason(letterRevoked: boolean): string {
  return letterRevoked
    ? "Changes were requested; the letter issued earlier is no longer valid."
    : "Changes were requested.";
}
