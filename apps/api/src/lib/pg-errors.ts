/** The PostgreSQL error code of a failed query, looking through the ORM's wrapping errors. */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the row (two requests raced past the application's own check). */
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === "23505";

/** A foreign key refused the change: other rows still depend on this one. */
export const isForeignKeyViolation = (err: unknown) => pgErrorCode(err) === "23503";
