import { randomBytes } from "node:crypto";
import pg from "pg";

/** Runs statements, one after another, on the PostgreSQL server DATABASE_URL names (as its user). */
export async function onServer(statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** DATABASE_URL with another database (and, when given, another user). */
export function serverUrlOf(database: string, user?: { name: string; password: string }): string {
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${database}`;
  if (user) {
    url.username = user.name;
    url.password = user.password;
  }
  return url.toString();
}

/** A new, empty database on that server, for a test file that starts servers on it itself. */
export async function createServerDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  await onServer([`create database ${name}`]);
  return {
    name,
    url: serverUrlOf(name),
    drop: () => onServer([`drop database if exists ${name} with (force)`]),
  };
}
