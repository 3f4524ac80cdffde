import { pathToFileURL } from "node:url";
import { type AppConfig, ConfigError, loadConfig } from "../config.js";

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

/** Runs the command when its module is the program node was started with, then exits with its code. */
export function runIfMain(moduleUrl: string, run: (argv: string[]) => Promise<number>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exit(1);
    },
  );
}
