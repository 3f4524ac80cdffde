import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { type RunningServer, startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    shortBaseURL: string;
    shortDataDir: string;
  }
}

let servers: RunningServer[] = [];

/**
 * Two servers, started side by side (each takes a while on a busy machine): the normal one, and
 * one whose tokens last 25 s, inside the 5-minute warning window, for session-timeout.e2e.ts.
 */
export async function setup(project: TestProject) {
  const web = process.env.WEB_DIST_DIR || resolve(import.meta.dirname, "../../apps/web/dist");
  if (!existsSync(join(web, "index.html"))) {
    throw new Error(`the web app is not built (${web}): run npm run test:e2e, which builds it first`);
  }
  const started = await Promise.allSettled([startServer(), startServer({ TOKEN_TTL_SECONDS: "25" })]);
  servers = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const [main, short] = started;
  if (main?.status !== "fulfilled" || short?.status !== "fulfilled") {
    await teardown();
    throw [main, short].find((s) => s?.status === "rejected")?.reason;
  }
  servers = [main.value, short.value];
  project.provide("baseURL", main.value.url);
  project.provide("dataDir", main.value.dataDir);
  project.provide("shortBaseURL", short.value.url);
  project.provide("shortDataDir", short.value.dataDir);
}

export async function teardown() {
  await Promise.all(servers.map((s) => s.stop()));
}
