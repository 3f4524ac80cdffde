import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { badRequest, HttpError } from "../lib/errors.js";
import { multipartFailure } from "../lib/multipart-errors.js";

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * The single file of a multipart request, sent in the field "file", read into memory up to
 * maxBytes. A larger file is a 413 with the limit in the message, whatever the parser reports.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  maxBytes: number,
  missingMessage: string,
): Promise<{ filename: string; data: Buffer }> {
  let part: MultipartFile | undefined;
  const tooLarge = () => new HttpError(413, `The file must be at most ${megabytes(maxBytes)}`);
  try {
    part = await request.file({ limits: { fileSize: maxBytes } });
  } catch (err) {
    throw multipartFailure(err, tooLarge);
  }
  if (!part) throw badRequest(missingMessage);
  if (part.fieldname !== "file") throw badRequest('The file must be sent in the form field "file"');
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    throw multipartFailure(err, tooLarge);
  }
  if (part.file.truncated) throw tooLarge();
  return { filename: part.filename, data };
}
