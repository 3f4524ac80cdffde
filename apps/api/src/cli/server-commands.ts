import type { CommandHandler } from "../data-dir/command-socket.js";
import type { Database } from "../db/client.js";
import { adminArgs, adminCommand } from "./admin-command.js";
import { seedDemoCommand } from "./demo-seed.js";

/** The commands a running server takes on its local socket, each checking its arguments again. */
export function serverCommands(database: Database): Record<string, CommandHandler> {
  return {
    admin: async (args, out) => {
      const parsed = adminArgs.safeParse(args);
      if (!parsed.success) {
        out.error(`Invalid arguments: ${parsed.error.issues[0]?.message ?? "unknown"}`);
        return 2;
      }
      return adminCommand(database, parsed.data, out);
    },
    "seed:demo": (_args, out) => seedDemoCommand(database, out),
  };
}
