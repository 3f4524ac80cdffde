import type { FastifyRequest } from "fastify";
import { badRequest, HttpError } from "../lib/errors.js";
import { multipartFailure } from "../lib/multipart-errors.js";

const tooLarge = (max: number) => new HttpError(413, `The file must be at most ${Math.round(max / 1024)} KB`);

/**
 * The file sent in the form field "file" (at most maxBytes) and the text fields around it, in
 * any order. Anything that is not multipart, or has no file, is a 4xx with a readable message.
 */
export async function readMultipart(
  request: FastifyRequest,
  maxBytes: number,
  missingMessage: string,
): Promise<{ file: Buffer; filename: string; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new HttpError(415, "Expected a multipart/form-data upload");
  const fields: Record<string, string> = {};
  let file: { data: Buffer; filename: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== "file" || file) {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      if (part.file.truncated) throw tooLarge(maxBytes);
      file = { data, filename: part.filename };
    }
  } catch (err) {
    throw multipartFailure(err, () => tooLarge(maxBytes));
  }
  if (!file || file.data.length === 0) throw badRequest(missingMessage);
  return { file: file.data, filename: file.filename, fields };
}
