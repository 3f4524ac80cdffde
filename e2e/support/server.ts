import { type ServerProcess, startServerProcess } from "../../apps/api/src/test/server-process";

export type RunningServer = ServerProcess;

/**
 * Starts the product as `npm start` does (the compiled server with the built web app) on a fresh
 * embedded database and waits for health.
 */
export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServerProcess({
    NODE_ENV: "test",
    ADMIN_EMAIL: "admin@example.com",
    ADMIN_PASSWORD: "admin123",
    DATABASE_URL: "",
    SMTP_URL: "",
    ...env,
  });
}
