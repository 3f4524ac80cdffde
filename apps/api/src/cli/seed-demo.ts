/**
 * Fills an installation with demo data: four meetings (one past, two upcoming and open, one
 * closed), the admin admin@example.com / admin123, attendees whose names come from many scripts
 * (password demo123) with applications in every status, and one imported request that waits for
 * its attendee to register. Runs once: a second run sees its marker and changes nothing.
 *
 *   npm run seed:demo
 *
 * Uses DATABASE_URL (a PostgreSQL server) or the embedded database under DATA_DIR; while a server
 * holds DATA_DIR, the command runs in that server (cli/run-command.ts).
 */
import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig } from "../config.js";
import type { CommandOutput } from "../data-dir/command-socket.js";
import { seedDemoCommand } from "./demo-seed.js";
import { runOnDatabase } from "./run-command.js";

/** Seeds the configured database (directly, or through the server holding it); resolves to the exit code. */
export async function runSeedDemoCli(env: NodeJS.ProcessEnv, out: CommandOutput) {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    out.error(e.message);
    return 1;
  }
  return runOnDatabase(config, "seed:demo", {}, out, (database) => seedDemoCommand(database, out));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runSeedDemoCli(process.env, console).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exit(1);
    },
  );
}
