/** A fault as it may be written to the log. */
export interface LoggedError {
  message: string;
  code?: string;
  cause?: string;
  stack?: string;
}

/**
 * An e-mail address as a mail server's reply may name it (`550 5.1.1 <zoe@example.org>: Recipient
 * address rejected`): a local part (plain, any script, or quoted) and a domain ending in letters,
 * so a package's name or version (`@visa/domain`, `drizzle-orm@0.44.5`) is left as it is.
 */
const EMAIL_ADDRESS = /(?:"[^"\r\n]*"|[^\s<>()[\]",;:@/\\]+)@(?:[\p{L}\p{N}-]+\.)+\p{L}[\p{L}-]*/gu;

/**
 * A failed query's message carries its SQL and then its parameters ("\nparams: ..."), which hold
 * e-mails, names, passport numbers and birthdates; PostgreSQL quotes the refused value at the
 * end of some of its own messages (`invalid input syntax for type date: "1990-13-45"`); and a mail
 * server names the recipient it refused. The code and reason stay.
 */
function withoutValues(message: string): string {
  const sqlOnly = message.split(/\nparams:/)[0] ?? "";
  return sqlOnly
    .replace(/: ".*"$/s, ': "[value]"')
    .replace(EMAIL_ADDRESS, "[address]")
    .slice(0, 500);
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
