import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeMail } from "./browser";

/** One e-mail from the server's outbox: the raw .eml and its readable text. */
export interface OutboxMail {
  raw: string;
  text: string;
}

/**
 * Every e-mail to `to` (matching `subject` when given) in the outbox, newest first. Only whole
 * mails: one being written has a hidden `.partial` name until it is renamed.
 */
export function mailsTo(dataDir: string, to: string, subject?: RegExp): OutboxMail[] {
  const dir = join(dataDir, "outbox");
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".eml") && !f.startsWith("."))
        .sort()
        .reverse()
    : [];
  return files
    .map((f) => {
      const raw = readFileSync(join(dir, f), "utf8");
      return { raw, text: decodeMail(raw) };
    })
    .filter(({ text }) => text.toLowerCase().includes(`to: ${to.toLowerCase()}`))
    .filter(({ text }) => !subject || subject.test(text));
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
}

/**
 * The Content-Disposition filename: plain, or in RFC 2231 pieces (`filename*0*=utf-8''...;
 * filename*1=...`) as mail libraries write long or non-ASCII names.
 */
function attachmentFilename(headers: string): string {
  const plain = /filename="?([^";\r\n]+)"?/i.exec(headers);
  if (plain?.[1]) return plain[1];
  const pieces = [...headers.matchAll(/filename\*(\d+)(\*?)="?([^";\r\n]*)"?/gi)]
    .map((m) => ({ index: Number(m[1]), encoded: m[2] === "*", value: m[3] ?? "" }))
    .sort((a, b) => a.index - b.index);
  const joined = pieces.map((p) => (p.encoded ? p.value.replace(/^[^']*'[^']*'/, "") : p.value)).join("");
  return pieces.some((p) => p.encoded) ? decodeURIComponent(joined) : joined;
}

/**
 * The base64 attachments of a MIME message with this content type (e.g. application/pdf), read
 * from the raw .eml: its part's headers up to the blank line, then base64 lines up to the boundary.
 */
export function mailAttachments(raw: string, contentType: string): MailAttachment[] {
  const parts = raw.split(/\r?\n--[^\r\n]+/);
  const found: MailAttachment[] = [];
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
    if (!new RegExp(`^content-type:\\s*${contentType}`, "im").test(headers)) continue;
    if (!/^content-disposition:\s*attachment/im.test(headers)) continue;
    if (!/^content-transfer-encoding:\s*base64/im.test(headers)) continue;
    const filename = attachmentFilename(headers);
    const content = Buffer.from(part.slice(split).replace(/\s+/g, ""), "base64");
    found.push({ filename, content });
  }
  return found;
}
