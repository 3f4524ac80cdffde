import type { AppConfig } from "../config.js";
import { type CommandOutput, sendCommand } from "../data-dir/command-socket.js";
import { DataDirInUseError } from "../data-dir/data-dir-lock.js";
import { type Database, openDatabase } from "../db/client.js";

const REFUSED_ADVICE =
  "it takes no commands now; run this again once that server is listening (it then runs the command), or after that process has ended";

/**
 * Runs a command that writes: on the configured database when no process holds it, else through
 * the server that holds DATA_DIR (its local socket), else not at all, with one line saying why.
 * Never opens an embedded database another process has open.
 */
export async function runOnDatabase<A>(
  config: AppConfig,
  command: string,
  args: A,
  out: CommandOutput,
  run: (database: Database, args: A) => Promise<number>,
): Promise<number> {
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      holder: `npm run ${command}`,
      lockAdvice: REFUSED_ADVICE,
    });
  } catch (e) {
    if (!(e instanceof DataDirInUseError)) throw e;
    const code = await sendCommand(config.dataDir, command, args, out);
    if (code !== undefined) return code;
    out.error(e.message);
    return 1;
  }
  try {
    return await run(database, args);
  } finally {
    await database.close();
  }
}
