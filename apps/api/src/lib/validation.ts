/** What the formatter needs of a zod issue (also rebuilt from Fastify's validation errors). */
export interface Issue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
  code?: string;
  /** The alternatives' own issues, for "one of these shapes" fields. */
  errors?: ReadonlyArray<ReadonlyArray<Issue>>;
  /** A custom issue's own details: `fields` names the body fields it concerns. */
  params?: { fields?: readonly string[] };
}

/**
 * The body fields a refusal concerns: the ones a custom issue names (every missing required
 * field), else the top-level key of its path ("dateOfDeparture"); none for the body as a whole.
 */
export function refusedFields(issue: Issue): string[] {
  if (issue.params?.fields?.length) return [...issue.params.fields];
  const inner = issue.code === "invalid_union" ? issue.errors?.[0]?.[0] : undefined;
  const top = issue.path[0] ?? inner?.path[0];
  return typeof top === "string" ? [top] : [];
}

/**
 * The one readable line a refused input answers with, naming the field:
 * "firstName must be at most 100 characters", "firstName: expected string, received number".
 */
export function validationMessage(issue: Issue): string {
  // For "one of these shapes" fields, the first alternative's complaint says more than "Invalid input".
  const inner = issue.code === "invalid_union" ? issue.errors?.[0]?.[0] : undefined;
  if (inner) return validationMessage({ ...inner, path: [...issue.path, ...inner.path] });
  const field = issue.path.map(String).join(".");
  const { message } = issue;
  if (!field) return message;
  if (message.startsWith(`${field} `)) return message;
  if (/received undefined$/.test(message)) return `${field} is required`;
  // zod's generic texts ("Invalid input: expected string, received number") say what but not which field.
  const generic = /^[A-Z][\w ]*: (.*)$/.exec(message);
  if (generic) return `${field}: ${generic[1]}`;
  return /^[A-Z]/.test(message) ? message : `${field} ${message}`;
}
