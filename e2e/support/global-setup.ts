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

/** Two servers: the normal one, and one with 10-minute tokens... see session-timeout.e2e.ts. */
export async function setup(project: TestProject) {
  const main = await startServer();
  // Tokens that expire within the warning window, so the timeout dialog shows at once.
  const short = await startServer({ TOKEN_TTL_SECONDS: "25" });
  servers = [main, short];
  project.provide("baseURL", main.url);
  project.provide("dataDir", main.dataDir);
  project.provide("shortBaseURL", short.url);
  project.provide("shortDataDir", short.dataDir);
}

export async function teardown() {
  await Promise.all(servers.map((s) => s.stop()));
}
