import { badRequest, HttpError } from "./errors.js";

/**
 * What a failure while reading a multipart body means for the client. The parser throws plain
 * errors for a body cut short, a wrong boundary or a malformed part header: those are the
 * client's, so they are a 400, never a 500. A file over the limit is a 413.
 */
export function multipartFailure(err: unknown, tooLarge: () => HttpError): HttpError | unknown {
  if (err instanceof HttpError) return err;
  const e = err as { code?: string; statusCode?: number };
  if (e.code === "FST_REQ_FILE_TOO_LARGE") return tooLarge();
  if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) return err;
  // The parser's own errors carry no code; system and database errors do, and stay faults.
  if (err instanceof Error && e.code === undefined) {
    return badRequest("The upload could not be read: it is not valid multipart/form-data");
  }
  return err;
}
