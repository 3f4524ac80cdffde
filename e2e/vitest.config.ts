import { defineConfig } from "vitest/config";

// Browser journeys against the built product on a fresh embedded database (see global-setup.ts).
export default defineConfig({
  test: {
    name: "e2e",
    root: import.meta.dirname,
    include: ["**/*.e2e.ts"],
    globalSetup: ["./support/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
  },
});
