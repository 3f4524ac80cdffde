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
import type { CommandOutput } from "../data-dir/command-socket.js";
import { cliConfig, runIfMain } from "./cli-run.js";
import { seedDemoCommand } from "./demo-seed.js";
import { runOnDatabase } from "./run-command.js";

export const SEED_DEMO_USAGE = `Usage: npm run seed:demo

Fills the database with demo meetings, users and applications, once (a second run changes nothing).
It takes no arguments.`;

/**
 * Seeds the configured database (directly, or through the server holding it); resolves to the exit
 * code (0 done, 1 failure, 2 usage error).
 */
export async function runSeedDemoCli(argv: string[], env: NodeJS.ProcessEnv, out: CommandOutput) {
  if (argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h")) {
    out.log(SEED_DEMO_USAGE);
    return 0;
  }
  if (argv.length > 0) {
    out.error(`npm run seed:demo takes no arguments (it was given ${argv.length}).\n\n${SEED_DEMO_USAGE}`);
    return 2;
  }
  const config = cliConfig(env, out);
  if (!config) return 1;
  return runOnDatabase(config, "seed:demo", {}, out, (database) => seedDemoCommand(database, out));
}

runIfMain(import.meta.url, "seed:demo", (argv) => runSeedDemoCli(argv, process.env, console));
