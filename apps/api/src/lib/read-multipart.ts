import type { Readable } from "node:stream";
import type { MultipartFile } from "@fastify/multipart";
import { fileTooLargeMessage } from "@visa/domain";
import type { FastifyRequest } from "fastify";
import { badRequest, HttpError } from "./errors.js";
import { multipartFailure } from "./multipart-errors.js";

/**
 * How far past the limit a file is still counted (and dropped) to tell the sender its size: the
 * client sends it anyway; a larger one is only said to be larger than this.
 */
const COUNTED_UP_TO = 100 * 1024 * 1024;

/** The 413 for a file over `max` bytes, with its size when it was counted. */
export function fileTooLarge(max: number, size: number | null): HttpError {
  return new HttpError(413, fileTooLargeMessage(max, size ?? { moreThan: COUNTED_UP_TO }));
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
      file = { data: await readFilePart(part, maxBytes), filename: part.filename };
    }
  } catch (err) {
    throw multipartFailure(err, () => fileTooLarge(maxBytes, null));
  }
  if (!file || file.data.length === 0) throw badRequest(missingMessage);
  return { file: file.data, filename: file.filename, fields };
}

/**
 * The single file of a multipart request, which must come in the field "file", read into memory
 * up to maxBytes. A larger file is a 413 that says how large it was, as `readMultipart` says it.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  maxBytes: number,
  missingMessage: string,
): Promise<{ filename: string; data: Buffer }> {
  const tooLarge = () => fileTooLarge(maxBytes, null);
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: COUNTED_UP_TO } });
  } catch (err) {
    throw multipartFailure(err, tooLarge);
  }
  if (!part) throw badRequest(missingMessage);
  if (part.fieldname !== "file") throw badRequest('The file must be sent in the form field "file"');
  try {
    return { filename: part.filename, data: await readFilePart(part, maxBytes) };
  } catch (err) {
    throw multipartFailure(err, tooLarge);
  }
}

/** A file part's bytes, at most `max`; a larger file is counted to tell its size, not kept. */
async function readFilePart(part: MultipartFile, max: number): Promise<Buffer> {
  const { data, size } = await readUpTo(part.file, max);
  if (part.file.truncated) throw fileTooLarge(max, null);
  if (size > max) throw fileTooLarge(max, size);
  return data;
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
