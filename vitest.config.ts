import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "domain",
          include: ["packages/domain/src/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/api/src/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
      "apps/web/vitest.config.ts",
      {
        test: {
          name: "scripts",
          include: ["scripts/**/*.test.mjs"],
        },
      },
    ],
  },
});
