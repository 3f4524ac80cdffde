import type { AppConfig } from "../config.js";
import {
  type CommandOutput,
  MAX_COMMAND_DATA_DIR,
  sendCommand,
  takesCommands,
} from "../data-dir/command-socket.js";
import { type DataDirHolder, DataDirInUseError, isCommand } from "../data-dir/data-dir-lock.js";
import { type Database, openDatabase } from "../db/client.js";

/**
 * Another command holding DATA_DIR ends by itself; a server holding it takes commands once it
 * listens (while it starts, or with commands off, it does not).
 */
const refusedAdvice = (holder: DataDirHolder | undefined) =>
  isCommand(holder)
    ? "run this again once it has finished"
    : "it takes no commands now; run this again once that server is listening (it then runs the command), or after that process has ended";
// A server on a DATA_DIR this long never listens for commands: waiting for it would not help.
const LONG_PATH_ADVICE = `no process can take commands on a DATA_DIR longer than ${MAX_COMMAND_DATA_DIR} bytes (the limit of its local socket's path); stop that process to run this command, or give the server a shorter DATA_DIR`;

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
      lockAdvice: takesCommands(config.dataDir) ? refusedAdvice : LONG_PATH_ADVICE,
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
