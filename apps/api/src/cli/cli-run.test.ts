import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { describe, expect, it } from "vitest";
import { DataDirInUseError } from "../data-dir/data-dir-lock.js";
import { failureLines } from "./cli-run.js";

/** A statement failing in the database the way a command's does: drizzle's error, with its values. */
async function databaseFailure(): Promise<unknown> {
  const db = drizzle(new PGlite());
  try {
    await db.execute(sql`select ${"ada@example.org"}::date`);
  } catch (e) {
    return e;
  } finally {
    await db.$client.close();
  }
  throw new Error("the statement did not fail");
}

describe("a command's failure, as the operator reads it", () => {
  it("is the portal's own sentence as it is", () => {
    const refused = new DataDirInUseError("/srv/data", undefined, "stop that process first");
    expect(failureLines("admin", refused, {})).toEqual([
      "/srv/data is in use by another process: stop that process first",
    ]);
  });

  it("is one line without the database's values, with the details behind LOG_LEVEL=debug", async () => {
    const e = await databaseFailure();
    const lines = failureLines("admin", e, {});
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^npm run admin failed: the database refused it \(22007 invalid input syntax for type date: "\[value\]"\)\. Run it again with LOG_LEVEL=debug to see the details\.$/,
    );
    expect(lines.join("\n")).not.toContain("ada@example.org");

    const detailed = failureLines("admin", e, { LOG_LEVEL: "debug" });
    expect(detailed[0]).toBe(
      'npm run admin failed: the database refused it (22007 invalid input syntax for type date: "[value]")',
    );
    expect(detailed[1]).toContain("stack:");
    expect(detailed.join("\n")).not.toContain("ada@example.org");
  });

  it("names a fault or a system error in one line, not its stack", () => {
    const fault = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(failureLines("seed:demo", fault, {})).toEqual([
      "npm run seed:demo failed: Cannot read properties of undefined (reading 'id'). Run it again with LOG_LEVEL=debug to see the details.",
    ]);
    const system = Object.assign(new Error("EIO: i/o error, read"), { code: "EIO" });
    expect(failureLines("backup", system, {})[0]).toBe(
      "npm run backup failed: EIO: i/o error, read. Run it again with LOG_LEVEL=debug to see the details.",
    );
  });
});
