import type { AppConfig } from "../config.js";
import {
  type CommandOutput,
  MAX_COMMAND_DATA_DIR,
  sendCommand,
  takesCommands,
} from "../data-dir/command-socket.js";
import {
  type DataDirHolder,
  DataDirInUseError,
  isCommand,
  LOCK_RETRY_MS,
} from "../data-dir/data-dir-lock.js";
import { type Database, openDatabase } from "../db/client.js";

/** How long a command waits for a starting server to take commands before it gives up. */
const SERVER_START_WAIT_MS = 60_000;

const REFUSED_ADVICE =
  "it takes no commands now; run this again once that server is listening (it then runs the command), or after that process has ended";
// A server on a DATA_DIR this long never listens for commands: waiting for it would not help.
const LONG_PATH_ADVICE = `no process can take commands on a DATA_DIR longer than ${MAX_COMMAND_DATA_DIR} bytes (the limit of its local socket's path); stop that process to run this command, or give the server a shorter DATA_DIR`;

/**
 * Runs a command that writes: on the configured database when no process holds it, else through
 * the server that holds DATA_DIR (its local socket). Another command holding DATA_DIR is waited
 * for (it ends by itself), and so is a server that is starting, for a minute, until it takes
 * commands; otherwise the command does not run, with one line saying why. Each wait is said once.
 * Never opens an embedded database another process has open.
 */
export async function runOnDatabase<A>(
  config: AppConfig,
  command: string,
  args: A,
  out: CommandOutput,
  run: (database: Database, args: A) => Promise<number>,
): Promise<number> {
  const viaServer = takesCommands(config.dataDir);
  const serverDeadline = Date.now() + SERVER_START_WAIT_MS;
  let said = "";
  let database: Database;
  for (;;) {
    try {
      database = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        holder: `npm run ${command}`,
        lockAdvice: viaServer ? REFUSED_ADVICE : LONG_PATH_ADVICE,
      });
      break;
    } catch (e) {
      if (!(e instanceof DataDirInUseError)) throw e;
      const code = await sendCommand(config.dataDir, command, args, out);
      if (code !== undefined) return code;
      const wait = waitFor(e.holder, viaServer && Date.now() < serverDeadline);
      if (!wait) {
        out.error(e.message);
        return 1;
      }
      // Said once for each holder waited for (a command, then the server that took DATA_DIR after it).
      const waited = `${e.holder?.pid}:${wait}`;
      if (waited !== said) out.error(new DataDirInUseError(config.dataDir, e.holder, wait).message);
      said = waited;
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
  }
  try {
    return await run(database, args);
  } finally {
    await database.close();
  }
}

/** What a refused command waits for, or null when waiting would not help. */
function waitFor(holder: DataDirHolder | undefined, serverMayStart: boolean): string | null {
  if (isCommand(holder)) return "waiting for it to finish";
  if (holder && !holder.commands && serverMayStart) return "waiting for it to take commands";
  return null;
}
