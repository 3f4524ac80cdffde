import { afterAll, beforeAll } from "vitest";
import { buildUser } from "./factories.js";
import { createTestApp, type TestApp } from "./test-app.js";

export type TestUser = Awaited<ReturnType<typeof buildUser>>;

/**
 * A fresh app and a signed-in admin for a whole test file: registers the file's beforeAll and
 * afterAll, and hands both to `use` once they are ready.
 */
export function withAppAndAdmin(use: (t: TestApp, admin: TestUser) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    use(t, await buildUser(t.app, { isAdmin: true }));
  });
  afterAll(() => t?.close());
}
