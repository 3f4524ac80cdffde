import { chmodSync, rmSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";

/**
 * The local socket through which commands (npm run admin, npm run seed:demo) reach the server
 * that holds DATA_DIR, instead of opening its database behind its back. It lives in DATA_DIR,
 * which is 0700: only the user who may open the database files may send commands.
 */
export const SOCKET_FILE = "server.sock";

/** Unix socket paths are limited to 107 bytes; a longer DATA_DIR cannot take commands. */
const MAX_SOCKET_PATH = 107;

/** The longest DATA_DIR (in bytes) whose server can take commands through its socket. */
export const MAX_COMMAND_DATA_DIR = MAX_SOCKET_PATH - SOCKET_FILE.length - 1;

/** Whether a server on this DATA_DIR can take commands (its socket's path is short enough). */
export const takesCommands = (dataDir: string) =>
  Buffer.byteLength(join(dataDir, SOCKET_FILE)) <= MAX_SOCKET_PATH;

/** Where a command's lines go: the terminal, or the socket back to the command. */
export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/** Runs one command with its (untrusted until checked) arguments; resolves to an exit code. */
export type CommandHandler = (args: unknown, out: CommandOutput) => Promise<number>;

export interface CommandSocket {
  close(): Promise<void>;
}

/** What a command is told when it failed in the server: the fault itself goes to the server's log only. */
const FAILED_ON_SERVER = 'The command failed on the server; its log says why (the entry "command failed")';

/**
 * Listens on DATA_DIR/server.sock. Only the holder of DATA_DIR's lock calls this, so a socket file
 * left by a killed server can be removed safely. One request per connection: a JSON line
 * {command, args}; the answer is JSON lines {log} or {error}, then {exit}.
 */
export async function serveCommands(
  dataDir: string,
  handlers: Record<string, CommandHandler>,
  onFault: (err: unknown) => void,
): Promise<CommandSocket | undefined> {
  const path = join(dataDir, SOCKET_FILE);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) return undefined;
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    socket.on("error", () => {});
    const lines = createInterface({ input: socket });
    lines.on("error", () => {});
    lines.once("line", (line) => {
      lines.close();
      answer(socket, line, handlers).catch((e: unknown) => {
        onFault(e);
        socket.end(`${JSON.stringify({ error: FAILED_ON_SERVER, exit: 1 })}\n`);
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

async function answer(socket: Socket, line: string, handlers: Record<string, CommandHandler>) {
  const send = (message: Record<string, unknown>) => socket.write(`${JSON.stringify(message)}\n`);
  let request: { command?: unknown; args?: unknown };
  try {
    request = JSON.parse(line) as typeof request;
  } catch {
    request = {};
  }
  const handler = typeof request.command === "string" ? handlers[request.command] : undefined;
  if (!handler) {
    send({ error: `The server takes no command ${JSON.stringify(request.command ?? null)}` });
    socket.end(`${JSON.stringify({ exit: 2 })}\n`);
    return;
  }
  const code = await handler(request.args, {
    log: (l) => send({ log: l }),
    error: (l) => send({ error: l }),
  });
  socket.end(`${JSON.stringify({ exit: code })}\n`);
}

/**
 * Sends a command to the server holding DATA_DIR and relays its lines to `out`. Resolves to the
 * exit code, or undefined when no server takes commands there (nothing was sent).
 */
export function sendCommand(
  dataDir: string,
  command: string,
  args: unknown,
  out: CommandOutput,
): Promise<number | undefined> {
  const path = join(dataDir, SOCKET_FILE);
  if (!takesCommands(dataDir)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let connected = false;
    let exit: number | undefined;
    const socket = connect(path, () => {
      connected = true;
      socket.write(`${JSON.stringify({ command, args })}\n`);
    });
    socket.on("error", () => {
      if (!connected) resolve(undefined);
    });
    const lines = createInterface({ input: socket });
    lines.on("error", () => {});
    lines.on("line", (line) => {
      try {
        const m = JSON.parse(line) as { log?: string; error?: string; exit?: number };
        if (typeof m.log === "string") out.log(m.log);
        if (typeof m.error === "string") out.error(m.error);
        if (typeof m.exit === "number") exit = m.exit;
      } catch {
        // not ours
      }
    });
    socket.on("close", () => {
      if (!connected) return;
      if (exit === undefined) out.error("The server closed the connection before the command finished");
      resolve(exit ?? 1);
    });
  });
}
