import { randomBytes } from "node:crypto";

/** A multipart/form-data body with one file part, for app.inject. */
export function multipartFile(opts: {
  field?: string;
  filename: string;
  contentType?: string;
  data: Buffer | string;
}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${opts.field ?? "file"}"; filename="${opts.filename}"\r\n` +
      `Content-Type: ${opts.contentType ?? "application/octet-stream"}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const data = typeof opts.data === "string" ? Buffer.from(opts.data) : opts.data;
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
