import {
  type ApplicationCreate,
  type ApplicationUpdate,
  applicationCreateSchema,
  applicationUpdateSchema,
  missingRequiredFields,
  missingRequiredKeys,
  requiredFieldsMessage,
  statusReasonField,
} from "@visa/domain";
import { z } from "zod";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A JSON object body; arrays, strings and numbers are refused. */
const objectBody = z.custom<Record<string, unknown>>(isObject, "The request body must be a JSON object");

/**
 * The meeting as an id: the create form sends the id, while a client echoing an application it
 * read sends the embedded meeting object, whose _id is meant.
 */
function withMeetingId(body: Record<string, unknown>): Record<string, unknown> {
  const m = body.meeting;
  return isObject(m) && "_id" in m ? { ...body, meeting: m._id } : body;
}

/** The body parsed by a domain schema, its issues reported as the body's own. */
function parsedWith<S extends z.ZodType>(schema: S, raw: Record<string, unknown>, ctx: z.RefinementCtx) {
  const result = schema.safeParse(raw);
  if (result.success) return result.data as z.output<S>;
  for (const issue of result.error.issues) ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
  return z.NEVER;
}

/**
 * POST /api/applications: a new application. Every missing required field (State/Province too
 * when the address's country has states) is named in the spec's one message before any other check.
 */
export const applicationCreateBody = objectBody.transform((body, ctx): ApplicationCreate => {
  const raw = withMeetingId(body);
  const missing = missingRequiredKeys(raw);
  if (missing.length > 0) {
    ctx.addIssue({
      code: "custom",
      message: requiredFieldsMessage(missingRequiredFields(raw)),
      path: [],
      params: { fields: missing },
    });
    return z.NEVER;
  }
  return parsedWith(applicationCreateSchema, raw, ctx);
});

/**
 * PUT /api/applications/:id: the fields the client sent, and only those, so schema defaults never
 * overwrite stored values. Fields the application does not have (an echoed userId, lastUpdatedBy,
 * createdAt...) are ignored.
 */
export const applicationUpdateBody = objectBody.transform(
  (body, ctx): ApplicationUpdate & { statusReason?: string } => {
    const raw = withMeetingId(body);
    const parsed = parsedWith(applicationUpdateSchema, raw, ctx);
    if (parsed === z.NEVER) return z.NEVER;
    const sent: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(parsed)) if (k in raw) sent[k] = v;
    // `reason` goes with a status change (a rejection's, shown to the applicant); optional, so
    // clients written for the original API work unchanged.
    if (raw.reason !== undefined && raw.reason !== null) {
      const reason = statusReasonField.safeParse(raw.reason);
      if (!reason.success) {
        for (const issue of reason.error.issues)
          ctx.addIssue({ ...issue, path: ["reason", ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
        return z.NEVER;
      }
      sent.statusReason = reason.data;
    }
    return sent as ApplicationUpdate & { statusReason?: string };
  },
);
