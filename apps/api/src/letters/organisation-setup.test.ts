import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { organisation } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

let t: TestApp | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

// The embedded database on disk: the check reopens it after the first server has gone.
describe.skipIf(!!process.env.DATABASE_URL)("the signing certificate on a first start", () => {
  it("is made even when the server stops as soon as it listens", async () => {
    dataDir = mkdtempSync(join(tmpdir(), "visa-org-"));
    const first = await createTestApp({ dataDir, inMemoryDatabase: false });
    await first.app.listen({ port: 0, host: "127.0.0.1" });
    await first.close();

    t = await createTestApp({ dataDir, inMemoryDatabase: false });
    const rows = await t.app.ctx.db
      .select({ id: organisation.id, generated: organisation.certificateGenerated })
      .from(organisation);
    expect(rows).toEqual([{ id: 1, generated: true }]);
  });
});
