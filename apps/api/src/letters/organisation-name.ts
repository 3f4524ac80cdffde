import type { AppConfig } from "../config.js";
import type { AppContext } from "../context.js";
import { organisation } from "../db/schema.js";

/*
 * The organisation's name as mail signs off, apart from its letter assets (letter-assets.ts):
 * `npm run admin` mails a notice too, and what a command shares with the server is compiled into
 * chunks both load, so this module imports none of the letters' code (see mail-jobs.ts).
 */

/** The name a fresh installation prints until an admin sets its own: the sender name of its mail. */
export function defaultOrganisationName(config: Pick<AppConfig, "mailFrom">): string {
  const display = /^\s*"?([^"<]+?)"?\s*</.exec(config.mailFrom)?.[1];
  return display?.trim() || "Visa Letter Portal";
}

/** The organisation's name for mail, without creating the organisation (or its key) on the way. */
export async function organisationName(ctx: Pick<AppContext, "db" | "config">): Promise<string> {
  const [row] = await ctx.db.select({ name: organisation.name }).from(organisation);
  return row?.name ?? defaultOrganisationName(ctx.config);
}
