/**
 * Creates an admin account, or makes an existing account an admin.
 *
 *   npm run admin -- --email admin@example.org --password 'secret' [--first Ada --last Lovelace]
 *                    [--reset-password]
 *
 * The password may come from ADMIN_PASSWORD instead of the command line (keeps it out of shell
 * history). Uses DATABASE_URL (a PostgreSQL server) or the embedded database under DATA_DIR; while
 * a server holds DATA_DIR, the command runs in that server (cli/run-command.ts).
 */
import { parseArgs } from "node:util";
import { emailField, MIN_PASSWORD_LENGTH, passwordField, requiredText } from "@visa/domain";
import type { CommandOutput } from "../data-dir/command-socket.js";
import { type AdminArgs, adminCommand } from "./admin-command.js";
import { cliConfig, runIfMain } from "./cli-run.js";
import { runOnDatabase } from "./run-command.js";

export const ADMIN_USAGE = `Usage: npm run admin -- --email <address> --password <at least ${MIN_PASSWORD_LENGTH} characters> [--first <name>] [--last <name>] [--reset-password]

Creates the admin account, or makes the existing account with that e-mail an admin.
An existing account keeps its password unless --reset-password is given; a reset
ends the account's sessions and e-mails its owner that the password was changed.
The password may also come from the ADMIN_PASSWORD environment variable.`;

/** Runs the command; resolves to the process exit code (0 done, 1 failure, 2 usage error). */
export async function runAdminCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: CommandOutput,
): Promise<number> {
  let values: ReturnType<typeof parse>;
  try {
    values = parse(argv);
  } catch (e) {
    out.error(`${e instanceof Error ? e.message : String(e)}\n\n${ADMIN_USAGE}`);
    return 2;
  }
  if (values.help) {
    out.log(ADMIN_USAGE);
    return 0;
  }
  const usageError = (flag: string, message = "is invalid") => {
    out.error(`${flag}: ${message}\n\n${ADMIN_USAGE}`);
    return 2;
  };
  const email = emailField.safeParse(values.email ?? "");
  if (!email.success) return usageError("--email", email.error.issues[0]?.message);
  const password = passwordField.safeParse(values.password ?? env.ADMIN_PASSWORD ?? "");
  if (!password.success) return usageError("--password", password.error.issues[0]?.message);
  const name = requiredText(100).optional();
  const first = name.safeParse(values.first);
  if (!first.success) return usageError("--first", first.error.issues[0]?.message);
  const last = name.safeParse(values.last);
  if (!last.success) return usageError("--last", last.error.issues[0]?.message);
  const config = cliConfig(env, out);
  if (!config) return 1;
  const args: AdminArgs = {
    email: email.data,
    password: password.data,
    firstName: first.data,
    lastName: last.data,
    resetPassword: values["reset-password"],
  };
  return runOnDatabase(config, "admin", args, out, (database) =>
    adminCommand({ db: database.db, config }, args, out),
  );
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      first: { type: "string" },
      last: { type: "string" },
      "reset-password": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  }).values;
}

runIfMain(import.meta.url, "admin", (argv) => runAdminCli(argv, process.env, console));
