import { randomBytes } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onServer, serverUrlOf } from "../test/server-database.js";
import { openDatabase } from "./client.js";

/** The one line a start on `databaseUrl` fails with. */
async function startError(databaseUrl: string): Promise<string> {
  const error = await openDatabase({ databaseUrl, dataDir: "unused" }).then(
    async (database) => {
      await database.close();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  const message = (error as Error).message;
  expect(message).not.toContain("\n");
  expect(message).not.toContain("hunter2");
  return message;
}

describe("a PostgreSQL server that cannot be reached, said in one line", () => {
  let silent: Server;
  const held: Socket[] = [];
  let silentPort = 0;

  beforeAll(async () => {
    // Accepts connections and never answers, as a frozen or firewalled server does.
    silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("names DATABASE_URL and says the connection was refused", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    expect(await startError(`postgres://visa:hunter2@127.0.0.1:${port}/visa`)).toBe(
      `Cannot reach the PostgreSQL server in DATABASE_URL (127.0.0.1:${port}/visa): connection refused`,
    );
  });

  it("names DATABASE_URL for a host that does not exist", async () => {
    expect(await startError("postgres://visa:hunter2@nonexistent.invalid/visa")).toMatch(
      /^Cannot reach the PostgreSQL server in DATABASE_URL \(nonexistent\.invalid:5432\/visa\): host not found/,
    );
  });

  it("says a server that never answers gave no answer in time", async () => {
    expect(await startError(`postgres://visa:hunter2@127.0.0.1:${silentPort}/visa`)).toBe(
      `Cannot reach the PostgreSQL server in DATABASE_URL (127.0.0.1:${silentPort}/visa): no answer in time`,
    );
  });
});

// A database the server can reach but the portal cannot use: runs with DATABASE_URL.
const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)("a PostgreSQL database the portal cannot use, said in one line", () => {
  const suffix = randomBytes(4).toString("hex");
  const ascii = `test_ascii_${suffix}`;
  const owned = `test_owned_${suffix}`;
  const role = `visa_guest_${suffix}`;
  const guest = { name: role, password: "hunter2" };

  beforeAll(async () => {
    await onServer([
      `create database ${ascii} template template0 encoding 'SQL_ASCII' lc_collate 'C' lc_ctype 'C'`,
      `create database ${owned}`,
      `create role ${role} login password 'hunter2'`,
    ]);
  });
  afterAll(async () => {
    await onServer([
      `drop database if exists ${ascii} with (force)`,
      `drop database if exists ${owned} with (force)`,
      `drop role if exists ${role}`,
    ]);
  });

  it("refuses a database that is not UTF-8, naming the encoding found, and creates nothing in it", async () => {
    const host = new URL(serverUrl as string).host;
    expect(await startError(serverUrlOf(ascii))).toBe(
      `The database in DATABASE_URL (${host}/${ascii}) is encoded SQL_ASCII; the portal needs UTF8: create it with ENCODING 'UTF8' (and a UTF-8 locale) and start again`,
    );
    const c = new pg.Client({ connectionString: serverUrlOf(ascii) });
    await c.connect();
    const schemas = await c.query("select 1 from pg_namespace where nspname = 'drizzle'");
    await c.end();
    expect(schemas.rowCount).toBe(0);
  });

  it("gives the server's reason when the role may not create the migrations' schema", async () => {
    const host = new URL(serverUrl as string).host;
    expect(await startError(serverUrlOf(owned, guest))).toBe(
      `Cannot start on the PostgreSQL database in DATABASE_URL (${host}/${owned}): could not create the schema "drizzle": permission denied for database ${owned}`,
    );
  });
});
