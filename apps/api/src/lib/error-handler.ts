import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDiskFull } from "../db/disk-space.js";
import { FaultNothingChanged, HttpError, insufficientStorage } from "./errors.js";
import { loggableError } from "./loggable-error.js";
import { type Issue, refusedFields, validationMessage } from "./validation.js";

/** Fastify's record of a zod issue (fastify-type-provider-zod), as the formatter's issue. */
function issueOf(error: FastifySchemaValidationError): Issue {
  const params = error.params as { errors?: Issue["errors"]; params?: Issue["params"] };
  return {
    path: error.instancePath.split("/").filter(Boolean),
    message: error.message ?? "is invalid",
    code: error.keyword,
    errors: params.errors,
    params: params.params,
  };
}

/** `{ message }`, with `fields` when the refusal concerns named fields of the body. */
function refusal(message: string, fields: readonly string[] | undefined) {
  return fields?.length ? { message, fields } : { message };
}

/**
 * Every failure leaves as { message } with a 4xx for bad input (and `fields`, the body fields a
 * refusal concerns, so forms can mark them); only real faults are 5xx.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send(refusal(err.message, err.fields));
    }
    if (err instanceof FaultNothingChanged) {
      const { fault } = err;
      const status = isDiskFull(fault) ? 507 : isDatabaseUnavailable(fault) ? 503 : 500;
      request.log.error({ err: loggableError(fault) }, "request failed; nothing was changed");
      return reply.code(status).send({ message: err.message, tryAgain: true });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const issue = first ? issueOf(first) : undefined;
      if (!issue) return reply.code(400).send({ message: "Invalid request" });
      return reply.code(400).send(refusal(validationMessage(issue), refusedFields(issue)));
    }
    if (err.validation) {
      return reply.code(400).send({ message: err.message });
    }
    switch (err.code) {
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return reply.code(400).send({ message: "The request body is not valid JSON" });
      case "FST_ERR_CTP_BODY_TOO_LARGE":
      case "FST_REQ_FILE_TOO_LARGE":
        return reply.code(413).send({ message: "The request is too large" });
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return reply.code(415).send({ message: "Unsupported content type" });
      case "FST_INVALID_MULTIPART_CONTENT_TYPE":
        return reply.code(415).send({ message: "Expected a multipart/form-data upload" });
    }
    if (err.statusCode === 429) {
      return reply.code(429).send({ message: "Too many requests. Please try again later." });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ message: err.message || "Bad request" });
    }
    if (isDiskFull(err)) {
      // The transaction was rolled back whole: nothing of this request was kept.
      request.log.error({ code: "ENOSPC" }, "no space left to write");
      return reply.code(507).send({ message: insufficientStorage().message });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ code: err.code }, "database unavailable");
      return reply
        .code(503)
        .send({ message: "The service is temporarily unavailable. Please try again shortly." });
    }
    request.log.error({ err: loggableError(err) }, "request failed");
    return reply.code(500).send({ message: "Internal server error" });
  });
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "57P01",
  "57P02",
  "57P03",
  "08006",
  "08001",
  "08003",
]);

/** A lost or refused database connection, as opposed to a bug. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    const msg = (e as { message?: unknown }).message;
    if (
      typeof msg === "string" &&
      /Connection terminated|is not queryable|timeout exceeded when trying to connect|connect ECONNREFUSED|Query read timeout/.test(
        msg,
      )
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
