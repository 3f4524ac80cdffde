/** A fault as it may be written to the log. */
export interface LoggedError {
  message: string;
  code?: string;
  cause?: string;
  stack?: string;
}

/**
 * A failed query's message carries its SQL and then its parameters ("\nparams: ..."), which hold
 * e-mails, names, passport numbers and birthdates; and PostgreSQL quotes the refused value at the
 * end of some of its own messages (`invalid input syntax for type date: "1990-13-45"`).
 */
function withoutValues(message: string): string {
  const sqlOnly = message.split(/\nparams:/)[0] ?? "";
  return sqlOnly.replace(/: ".*"$/s, ': "[value]"').slice(0, 500);
}

/**
 * What of a fault may be logged, wherever it is logged (a request's, a background job's, a
 * command's): its message without the values it carries, its code, its cause's code and message
 * likewise, and its stack's frames.
 */
export function loggableError(err: unknown): LoggedError {
  if (!(err instanceof Error)) return { message: withoutValues(String(err)) };
  const code = (err as { code?: unknown }).code;
  const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
  const frames = err.stack
    ?.split("\n")
    .filter((l) => /^\s+at /.test(l))
    .join("\n");
  return {
    message: withoutValues(err.message),
    code: typeof code === "string" ? code : undefined,
    cause: cause
      ? `${String(cause.code ?? "")} ${withoutValues(String(cause.message ?? ""))}`.trim()
      : undefined,
    stack: frames || undefined,
  };
}
