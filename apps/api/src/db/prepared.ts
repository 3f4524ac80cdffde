import { prepareApplicationReads } from "../applications/application.queries.js";
import type { Db } from "./client.js";

/**
 * The prepared statements of every area, made once per database when the app is built and
 * carried on the context (like the guards' session check), so no module keeps them by itself.
 */
export function createStatements(db: Db) {
  return { applications: prepareApplicationReads(db) };
}
export type Statements = ReturnType<typeof createStatements>;
