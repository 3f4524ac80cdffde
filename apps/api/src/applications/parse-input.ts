import type { z } from "zod";
import { badRequest } from "../lib/errors.js";

/** One readable line from a zod issue, naming the field: "firstName must be at most 100 characters". */
export function issueText(path: ReadonlyArray<PropertyKey>, message: string): string {
  const field = path.map(String).join(".");
  if (!field || message.startsWith(`${field} `)) return message;
  // zod's generic texts ("Invalid option: expected one of ...") say what but not which field.
  const generic = /^[A-Z][\w ]*: (.*)$/.exec(message);
  if (generic) return `${field}: ${generic[1]}`;
  return /^[A-Z]/.test(message) ? message : `${field} ${message}`;
}

/** Parses input with a shared schema, or throws 400 with the first problem. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badRequest(issue ? issueText(...innermost(issue)) : "Invalid request");
}

/** For "one of these shapes" fields, the first alternative's complaint says more than "Invalid input". */
function innermost(issue: z.core.$ZodIssue): [PropertyKey[], string] {
  if (issue.code === "invalid_union") {
    const inner = issue.errors[0]?.[0];
    if (inner) {
      const [path, message] = innermost(inner);
      return [[...issue.path, ...path], message];
    }
  }
  return [issue.path, issue.message];
}

/** The JSON body as a plain object; arrays, strings and numbers are refused. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("The request body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

/**
 * The meeting as an id: the create form sends the id, while a client echoing an application it
 * read sends the embedded meeting object, whose _id is meant.
 */
export function withMeetingId(body: Record<string, unknown>): Record<string, unknown> {
  const m = body.meeting;
  if (m && typeof m === "object" && !Array.isArray(m) && "_id" in m) {
    return { ...body, meeting: (m as { _id: unknown })._id };
  }
  return body;
}
