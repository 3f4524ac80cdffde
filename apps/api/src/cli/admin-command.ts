import { emailField, passwordField, requiredText } from "@visa/domain";
import { z } from "zod";
import type { AppContext } from "../context.js";
import type { CommandOutput } from "../data-dir/command-socket.js";
import { ensureAdmin } from "../users/ensure-admin.js";

/** What the command does, checked again where it runs (the server, when it goes through one). */
export const adminArgs = z.object({
  email: emailField,
  password: passwordField,
  firstName: requiredText(100).optional(),
  lastName: requiredText(100).optional(),
  resetPassword: z.boolean().optional(),
});
export type AdminArgs = z.infer<typeof adminArgs>;

/**
 * Creates or promotes the admin on an open database: the server's context when the command runs
 * there (its mail worker then sends a reset's notice at once), else the command's own; resolves to
 * the exit code.
 */
export async function adminCommand(
  ctx: Pick<AppContext, "db" | "config">,
  args: AdminArgs,
  out: CommandOutput,
): Promise<number> {
  const result = await ensureAdmin(ctx, args);
  if (result.created) out.log(`Created admin account ${args.email}.`);
  else if (result.passwordReset)
    out.log(
      `${args.email} is an admin; password replaced, old sessions ended, and a notice of the change queued for that address (a running server sends it).`,
    );
  else out.log(`${args.email} is an admin (existing password kept; add --reset-password to replace it).`);
  return 0;
}
