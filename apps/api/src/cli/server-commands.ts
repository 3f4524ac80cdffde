import type { z } from "zod";
import type { AppContext } from "../context.js";
import type { CommandHandler, CommandOutput } from "../data-dir/command-socket.js";
import { adminArgs, adminCommand } from "./admin-command.js";
import { backupArgs, backupCommand } from "./backup-command.js";
import { seedDemoCommand } from "./demo-seed.js";

/** A command whose arguments are checked again here, whatever the sender checked. */
function checked<T>(
  schema: z.ZodType<T>,
  run: (args: T, out: CommandOutput) => Promise<number>,
): CommandHandler {
  return async (args, out) => {
    const parsed = schema.safeParse(args);
    if (!parsed.success) {
      out.error(`Invalid arguments: ${parsed.error.issues[0]?.message ?? "unknown"}`);
      return 2;
    }
    return run(parsed.data, out);
  };
}

/** The commands a running server takes on its local socket, run with its context. */
export function serverCommands(ctx: AppContext): Record<string, CommandHandler> {
  return {
    admin: checked(adminArgs, (args, out) => adminCommand(ctx, args, out)),
    "seed:demo": (_args, out) => seedDemoCommand(ctx.database, out),
    backup: checked(backupArgs, (args, out) => backupCommand(ctx.database, args, out)),
  };
}
