import { randomUUID } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Transporter } from "nodemailer";
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

type TransportOptions = Parameters<typeof import("nodemailer").createTransport>[0];

/** A nodemailer transport made with the first message: the server does not load it to start. */
function transportOnFirstUse(options: TransportOptions): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(options));
    return transport;
  };
}

/** SMTP when SMTP_URL is set; otherwise .eml files in DATA_DIR/outbox. */
export function createMailer(config: AppConfig): Mailer {
  if (config.smtpUrl) {
    const transport = transportOnFirstUse(config.smtpUrl);
    return {
      target: "smtp",
      async send(m) {
        await (await transport()).sendMail({ from: config.mailFrom, ...m });
      },
    };
  }
  const outbox = join(config.dataDir, "outbox");
  const transport = transportOnFirstUse({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    target: outbox,
    async send(m) {
      const info = await (await transport()).sendMail({ from: config.mailFrom, ...m });
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
