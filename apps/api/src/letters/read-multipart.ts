import type { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { badRequest, HttpError } from "../lib/errors.js";
import { multipartFailure } from "../lib/multipart-errors.js";

const MB = 1024 * 1024;
/**
 * How far past the limit a file is still counted (and dropped) to tell the sender its size: the
 * client sends it anyway; a larger one is only said to be larger than this.
 */
const COUNTED_UP_TO = 100 * MB;

/** A size as people read it: "2 MB", "15.3 MB", "256 KB"; rounded up, so over a limit reads over it. */
export function sizeText(bytes: number): string {
  if (bytes >= MB) return `${Math.ceil((bytes / MB) * 10) / 10} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** The 413 for a file over `max` bytes, with its size when it was counted. */
export function fileTooLarge(max: number, size: number | null): HttpError {
  const was = size === null ? `more than ${sizeText(COUNTED_UP_TO)}` : sizeText(size);
  return new HttpError(413, `The file must be at most ${sizeText(max)}; this one is ${was}`);
}

/**
 * The file sent in the form field "file" (at most maxBytes) and the text fields around it, in
 * any order. Anything that is not multipart, or has no file, is a 4xx with a readable message;
 * a file over the limit is a 413 that says how large it was.
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
    for await (const part of request.parts({ limits: { fileSize: COUNTED_UP_TO } })) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== "file" || file) {
        part.file.resume();
        continue;
      }
      const { data, size } = await readUpTo(part.file, maxBytes);
      if (part.file.truncated) throw fileTooLarge(maxBytes, null);
      if (size > maxBytes) throw fileTooLarge(maxBytes, size);
      file = { data, filename: part.filename };
    }
  } catch (err) {
    throw multipartFailure(err, () => fileTooLarge(maxBytes, null));
  }
  if (!file || file.data.length === 0) throw badRequest(missingMessage);
  return { file: file.data, filename: file.filename, fields };
}

/** The stream's bytes while they number at most `max`; past that only counted. */
async function readUpTo(stream: Readable, max: number): Promise<{ data: Buffer; size: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size <= max) chunks.push(chunk as Buffer);
    else chunks.length = 0;
  }
  return { data: Buffer.concat(chunks), size };
}
