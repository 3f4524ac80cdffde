import { z } from "zod";
import { adminListQuerySchema } from "./schemas/applications.js";
import { idField, requiredMultilineText, requiredText, statusField, text } from "./schemas/fields.js";

/** The reasons an organisation starts with; admins edit the list (or type another reason). */
export const DEFAULT_REJECTION_REASONS = [
  "The request is incomplete",
  "The applicant is not registered for the meeting",
  "The passport details could not be confirmed",
  "A duplicate of another request",
  "Requested too late for this meeting",
] as const;

export const MAX_REASON_LENGTH = 500;
const reason = text(MAX_REASON_LENGTH);

/** The admin list's filters beyond the spec's: a status, and only requests with warnings. */
export const adminListFiltersSchema = adminListQuerySchema.extend({
  status: z
    .string()
    .transform((s) => s.trim())
    .pipe(z.union([z.literal(""), statusField]))
    .optional(),
  warnings: z.enum(["true", "false"]).optional(),
});
export type AdminListFilters = z.output<typeof adminListFiltersSchema>;
export type AdminListFiltersInput = z.input<typeof adminListFiltersSchema>;

/**
 * GET /api/applications: the admin list's filters and the view of its rows, `full` (the default,
 * the spec's shape) or `summary` (ApplicationSummaryDto: the row the admin table shows).
 */
export const applicationListQuerySchema = adminListFiltersSchema.extend({
  view: z.enum(["full", "summary"], { message: "must be full or summary" }).optional().default("full"),
});
export type ApplicationListQuery = z.output<typeof applicationListQuerySchema>;

/** POST /api/applications/bulk: one action on many requests, in one transaction. */
export const BULK_ACTIONS = ["approve", "reject", "resend"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** The most applications one bulk request names: one transaction's worth. A larger selection is sent in parts. */
export const MAX_BULK_IDS = 500;
export const bulkActionBody = z.object({
  action: z.enum(BULK_ACTIONS, { message: "must be approve, reject or resend" }),
  ids: z
    .array(idField)
    .min(1, { message: "must name at least one application" })
    .max(MAX_BULK_IDS, { message: `must name at most ${MAX_BULK_IDS} applications` }),
  reason: reason.optional(),
  /**
   * The status each request had where the admin chose it (the list, the detail page): a request
   * whose status has changed since, by someone else, is left as it is and listed with why.
   */
  seen: z.record(idField, statusField).optional(),
});
export type BulkActionInput = z.input<typeof bulkActionBody>;
export type BulkActionRequest = z.output<typeof bulkActionBody>;

/** What a bulk action did: how many changed, and for each one that did not, why. */
export interface BulkResultDto {
  action: BulkAction;
  changed: number;
  skipped: { _id: string; name: string; reason: string }[];
  message: string;
}

const DONE: Record<BulkAction, (n: number) => string> = {
  approve: (n) => `${n} approved`,
  reject: (n) => `${n} rejected`,
  resend: (n) => `${n} ${n === 1 ? "letter" : "letters"} queued to be e-mailed`,
};

/** What a bulk action says it did: "12 approved, 2 not changed". */
export function bulkMessage(action: BulkAction, changed: number, notChanged: number): string {
  return `${DONE[action](changed)}${notChanged > 0 ? `, ${notChanged} not changed` : ""}`;
}

/** A note for admins only, or a message the applicant reads and is mailed. */
export const noteBody = z.object({ text: requiredMultilineText(5000) });
/** The admin asks for a correction: the request opens for the applicant's edit again. */
export const requestChangesBody = z.object({ text: requiredMultilineText(5000) });

/** The organisation's list of rejection reasons. */
export const rejectionReasonsBody = z.object({
  reasons: z.array(requiredText(MAX_REASON_LENGTH)).max(50, { message: "must hold at most 50 reasons" }),
});
export interface RejectionReasonsDto {
  reasons: string[];
}

/** The reason sent with a status change through PUT /api/applications/:id (optional on the wire). */
export const statusReasonField = reason.optional();

/** Where an application sits in the admin list as filtered and sorted: its neighbours' ids. */
export const neighboursQuerySchema = adminListFiltersSchema.extend({
  id: idField,
  /**
   * The status the application had in the list where the admin chose it: in a sort by status it
   * is placed by that status, where the admin saw it, and not where a decision made since sorts.
   */
  seenStatus: statusField.optional(),
});
export interface NeighboursDto {
  /**
   * The listed requests before and after it; for one not in the list (any more), those on either
   * side of where it stood in the list (a request decided out of a status filter stays where it
   * was, even in a sort by status; so does one decided within the list, given its `seenStatus`).
   */
  previous: string | null;
  next: string | null;
  /** 1-based place in the list, or 0 when the application is not in it (any more). */
  position: number;
  total: number;
}
