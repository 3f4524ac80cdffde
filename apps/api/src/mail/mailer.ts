import { randomUUID } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { AppConfig } from "../config.js";

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Sends one message; rejects when the transport fails. */
  send(message: MailMessage): Promise<void>;
  /** Where mail goes: "smtp" or the outbox directory. */
  readonly target: string;
}

/** SMTP when SMTP_URL is set; otherwise .eml files in DATA_DIR/outbox. */
export function createMailer(config: AppConfig): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      target: "smtp",
      async send(m) {
        await transport.sendMail({ from: config.mailFrom, ...m });
      },
    };
  }
  const outbox = join(config.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    target: outbox,
    async send(m) {
      const info = await transport.sendMail({ from: config.mailFrom, ...m });
      // Letters carry passport numbers: the outbox is the user's alone. A message is written whole
      // under a temporary name, then renamed, so a full disk never leaves half a message behind
      // (the mail queue tries again later).
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`;
      const partial = join(outbox, `.${name}.partial`);
      try {
        await writeFile(partial, info.message as Buffer, { mode: 0o600 });
        await rename(partial, join(outbox, name));
      } catch (e) {
        await rm(partial, { force: true });
        throw e;
      }
    },
  };
}
