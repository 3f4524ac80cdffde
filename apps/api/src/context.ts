import type { AppConfig } from "./config.js";
import type { Database, Db } from "./db/client.js";
import type { Statements } from "./db/prepared.js";
import type { EventBus } from "./lib/events.js";
import type { Mailer } from "./mail/mailer.js";

/** What every service needs: configuration, the database and outgoing mail. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  /** Prepared statements of the hot reads, made once per database (db/prepared.ts). */
  statements: Statements;
  mailer: Mailer;
  /** Application events, emitted by services after a commit (status changes, deletions). */
  events: EventBus;
}
