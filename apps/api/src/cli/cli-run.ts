import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { inspect } from "node:util";
import { type AppConfig, ConfigError, loadConfig } from "../config.js";
import { loggableError } from "../lib/loggable-error.js";

/** Where a command's lines go. */
export interface Output {
  log(line: string): void;
  error(line: string): void;
}

/** The configuration, or undefined after writing the one-line reason it is invalid. */
export function cliConfig(env: NodeJS.ProcessEnv, out: Output): AppConfig | undefined {
  try {
    return loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      out.error(e.message);
      return undefined;
    }
    throw e;
  }
}

/**
 * Runs the command when its module is the program node was started with, then exits with its code.
 * A failure it did not foresee is told in one line (failureLines).
 */
export function runIfMain(
  moduleUrl: string,
  command: string,
  run: (argv: string[]) => Promise<number>,
): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      for (const line of failureLines(command, e, process.env)) console.error(line);
      process.exit(1);
    },
  );
}

/** Log levels at which a command shows the whole of a failure it did not foresee. */
const DETAILED = new Set(["debug", "trace"]);

/**
 * What a command that failed tells the operator. A sentence of the portal's own (a DATA_DIR in use,
 * a database that does not open, an unreachable PostgreSQL server) as it is; anything else (a
 * database error, a file system error, a fault) as one line saying the command failed, without the
 * values a database error carries (they may be e-mails, names, passport numbers), and where to see
 * more: with LOG_LEVEL=debug, its code, cause and stack follow.
 */
export function failureLines(command: string, e: unknown, env: NodeJS.ProcessEnv): string[] {
  if (isOwnSentence(e)) return [e.message];
  const logged = loggableError(e);
  const said = logged.cause
    ? `the database refused it (${logged.cause.split("\n")[0]})`
    : (logged.message.split("\n")[0] ?? "");
  const line = `npm run ${command} failed: ${said}`;
  if (!detailed(env)) return [`${line}. Run it again with LOG_LEVEL=debug to see the details.`];
  return [line, inspect(logged, { depth: 2 })];
}

/** Whether LOG_LEVEL asks a command for the whole of its failures (debug or trace). */
export function detailed(env: NodeJS.ProcessEnv): boolean {
  return DETAILED.has(env.LOG_LEVEL?.trim() ?? "");
}

/**
 * One sentence for a file system error on `file` (a backup written or read): a missing directory,
 * a directory in its place, no permission, a read-only or full disk; undefined for anything else.
 */
export function fileProblem(file: string, e: unknown, use: "read" | "write"): string | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "ENOENT":
      if (!existsSync(dirname(file))) return `${dirname(file)} does not exist`;
      return use === "read" ? `${file} does not exist` : `${dirname(file)} takes no new files`;
    case "ENOTDIR":
      return `a part of ${file}'s path is a file, not a directory`;
    case "EISDIR":
      return `${file} is a directory, not a file`;
    case "EACCES":
    case "EPERM":
      return `this user may not use ${file} (${code})`;
    case "EROFS":
      return `${file} is on a read-only file system`;
    case "ENOSPC":
    case "EDQUOT":
      return `there is no space left for ${file}`;
    default:
      return undefined;
  }
}

/** A message the portal wrote for the operator: one line, from no library and no system call. */
function isOwnSentence(e: unknown): e is Error {
  if (!(e instanceof Error) || e.message.includes("\n")) return false;
  // WebAssembly's RuntimeError: the embedded database's engine aborting.
  const faults = [TypeError, RangeError, ReferenceError, SyntaxError];
  if (faults.some((kind) => e instanceof kind) || e.name === "RuntimeError") return false;
  return (e as { code?: unknown }).code === undefined && e.cause === undefined;
}
