import { formatTimestampEastern } from "@visa/domain";
import type { AppContext } from "../context.js";
import { organisation } from "../db/schema.js";
import { organisationName } from "../letters/organisation-name.js";
import type { MailJobInput } from "./mail-jobs.js";
import { type Message, oneLine } from "./messages.js";

/**
 * Who changed the password: the owner signed in, an admin for them, a reset link, or the server's
 * operator with `npm run admin -- --reset-password`.
 */
export type PasswordChangedBy = "self" | "admin" | "reset" | "command";

/** The account the notice goes to. */
export interface PasswordOwner {
  email: string;
  firstName: string;
}

/** The organisation's name and how to reach it, as the notice signs off. */
export interface Secretariat {
  name: string;
  contact: string;
}

/** Read before the password's transaction, so the notice can be queued inside it. */
export async function secretariatOf(ctx: Pick<AppContext, "db" | "config">): Promise<Secretariat> {
  const [row] = await ctx.db.select({ contact: organisation.contact }).from(organisation);
  return { name: await organisationName(ctx), contact: row?.contact.trim() ?? "" };
}

const YOURS = { expected: "If that was you, there is nothing more to do.", unexpected: "If it was not you" };
/** How it was changed, and what the owner can tell from that. */
const HOW: Record<PasswordChangedBy, { how: string; expected: string; unexpected: string }> = {
  self: {
    how: "by someone signed in to your account, and every other sign-in to it has been ended",
    ...YOURS,
  },
  admin: {
    how: "by the secretariat, and every sign-in to your account has been ended",
    expected: "If you asked the secretariat for this, there is nothing more to do.",
    unexpected: "If you did not ask for it",
  },
  reset: {
    how: "with a password reset link e-mailed to this address, and every sign-in to your account has been ended",
    ...YOURS,
  },
  command: {
    how: "by the portal's operator on its server, and every sign-in to your account has been ended",
    expected: "If you asked for this, there is nothing more to do.",
    unexpected: "If you did not ask for it",
  },
};

/**
 * Tells the account's owner that its password changed, when and how, and what to do if it was not
 * them. It never holds the password or a link that opens the account.
 */
export function passwordChanged(
  owner: PasswordOwner,
  by: PasswordChangedBy,
  at: Date,
  publicUrl: string,
  secretariat: Secretariat,
): Message {
  const { how, expected, unexpected } = HOW[by];
  const utc = `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return {
    subject: "Your Visa Letter Portal password was changed",
    text: [
      `Hello ${oneLine(owner.firstName)},`,
      `Your password was changed on ${formatTimestampEastern(at)} (${utc}) ${how}.`,
      expected,
      [
        `${unexpected}, choose a new password at once with 'Forgot password' on the sign-in page:`,
        `${publicUrl}/forgot-password`,
        secretariat.contact
          ? `and tell the secretariat: ${secretariat.contact}`
          : "and tell the secretariat.",
      ].join("\n"),
      secretariat.name,
    ].join("\n\n"),
  };
}

/** The notice as a job for the mail queue, to be inserted with the change itself. */
export function passwordChangedMail(
  ctx: Pick<AppContext, "config">,
  owner: PasswordOwner,
  by: PasswordChangedBy,
  at: Date,
  secretariat: Secretariat,
): MailJobInput {
  return {
    kind: "message",
    to: owner.email,
    ...passwordChanged(owner, by, at, ctx.config.publicUrl, secretariat),
  };
}
