import { ConfigError, loadServerConfig, publicUrlWarning } from "./config.js";
import type { CommandSocket } from "./data-dir/command-socket.js";
import { lockDataDirAfterCommands } from "./data-dir/data-dir-lock.js";
import { loggableError } from "./lib/loggable-error.js";

/** How long after it listens the server loads the letters' code (letters/letter-code.ts). */
const LETTER_CODE_AFTER_MS = 1000;

async function main() {
  let config: ReturnType<typeof loadServerConfig>;
  try {
    config = loadServerConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  // The embedded database's DATA_DIR is taken first, so a second server refuses at once, before
  // the rest of the server is even loaded; a command holding it is waited for.
  const dataDirLock = config.databaseUrl
    ? undefined
    : await lockDataDirAfterCommands(config.dataDir, "the server", (line) => console.error(line));
  const { buildApp, loadLetterCode } = await import("./app.js");
  const { serveCommands } = await import("./data-dir/command-socket.js");
  const { serverCommands } = await import("./cli/server-commands.js");
  const { ensureAdmin } = await import("./users/ensure-admin.js");
  const app = await buildApp(config, { dataDirLock });
  if (config.adminEmail && config.adminPassword) {
    await ensureAdmin(app.ctx, { email: config.adminEmail, password: config.adminPassword });
    app.log.info("admin account ensured");
  }
  let commands: CommandSocket | undefined;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      Promise.resolve(commands?.close())
        .then(() => app.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }
  const lock = app.ctx.database.dataDirLock;
  if (lock) {
    // Commands that write (npm run admin, seed:demo) run here while this server holds DATA_DIR.
    // Taken before the server answers HTTP: a script that waits for /api/health and then runs
    // a command was otherwise told that the server takes no commands.
    commands = await serveCommands(config.dataDir, serverCommands(app.ctx), (err) =>
      app.log.error({ err: loggableError(err) }, "command failed"),
    );
    if (commands) lock.describe({ commands: true });
    else app.log.warn("DATA_DIR's path is too long for a local socket: commands cannot reach this server");
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    const taken = listenProblem(e, config.port, config.host);
    if (!taken) throw e;
    // Closed before exiting, so the database is shut down cleanly and DATA_DIR is free at once.
    await commands?.close();
    await app.close();
    console.error(taken);
    process.exit(1);
  }
  app.log.info(`database: ${app.ctx.database.kind}; mail: ${app.ctx.mailer.target}`);
  // A start on a nearly full disk serves reads only: say so where the operator looks, not only in /api/health.
  const noRoom = app.ctx.database.writeProblem();
  if (noRoom) app.log.warn(`${noRoom}: requests that write answer 507 until space is freed; reads go on`);
  const publicUrl = publicUrlWarning(config);
  if (publicUrl) app.log.warn(publicUrl);
  // Soon after the first answers, not before them: see letter-code.ts.
  setTimeout(() => {
    loadLetterCode().then(
      () => app.log.debug("letter code loaded"),
      (err) => app.log.warn({ err: loggableError(err) }, "letter code not loaded"),
    );
  }, LETTER_CODE_AFTER_MS).unref();
}

/**
 * One line for a port this server cannot listen on, or undefined for any other failure. The usual
 * case is a second `npm start`, or another program, on the same port.
 */
function listenProblem(e: unknown, port: number, host: string): string | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EADDRINUSE") {
    return `Port ${port} on ${host} is already in use by another program (perhaps another server of this portal): stop it, or start this one on another port, e.g. PORT=${port < 65535 ? port + 1 : 3000} npm start`;
  }
  if (code === "EACCES") {
    return `This user may not listen on port ${port} on ${host}: choose a port above 1023, e.g. PORT=3000 npm start`;
  }
  return undefined;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
