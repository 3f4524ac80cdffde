/**
 * An error whose message is safe to show the client, with its HTTP status and, when the refusal
 * concerns fields of the request body, their names (so a form can mark them).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: readonly string[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: readonly string[]) =>
  new HttpError(400, message, fields);
export const unauthorized = (message = "Authentication required") => new HttpError(401, message);
export const forbidden = (message = "You are not allowed to do this") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** The request's If-Match names a version that is no longer the stored one. */
export const preconditionFailed = (message: string) => new HttpError(412, message);
/** No room left to store a write: nothing of the request was kept. */
export const insufficientStorage = () =>
  new HttpError(
    507,
    "The server has no space left to store this. Nothing was saved; please try again later.",
  );

/**
 * A fault (not the client's doing) in a request that changed nothing, with words the user can act
 * on: what was not done, and that trying again is safe. The error handler logs the fault and
 * answers a 5xx with this message and `tryAgain: true`, which the browser shows (a bare fault's
 * "Internal server error" it does not).
 */
export class FaultNothingChanged extends Error {
  constructor(
    message: string,
    readonly fault: unknown,
  ) {
    super(message);
  }
}
