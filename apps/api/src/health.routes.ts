import type { App, RouteDeps } from "./lib/app-type.js";
import { healthAnswer, unavailableAnswer } from "./openapi/answers.js";

/**
 * How long health waits for the database. A load balancer's check gives up after a few seconds:
 * a database that answers slower than this is reported unavailable rather than left to time the
 * check out (a frozen PostgreSQL server once held it over 30 s).
 */
export const HEALTH_TIMEOUT_MS = 2000;

/** Resolves when the database answers within HEALTH_TIMEOUT_MS, rejects otherwise. */
async function pingWithin(ctx: RouteDeps["ctx"]): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no answer in time")), HEALTH_TIMEOUT_MS);
  });
  try {
    await Promise.race([ctx.database.ping(HEALTH_TIMEOUT_MS), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health: 200 when the database answers and can write; 503 when it does not answer, or
 * answers but cannot write (no space left in DATA_DIR), saying which; within HEALTH_TIMEOUT_MS.
 */
export async function healthRoutes(app: App, { ctx }: RouteDeps) {
  app.get(
    "/api/health",
    { schema: { response: { 200: healthAnswer, 503: unavailableAnswer } } },
    async (_request, reply) => {
      try {
        await pingWithin(ctx);
      } catch {
        return reply.code(503).send({ message: "The database is not answering", status: "unavailable" });
      }
      const problem = ctx.database.writeProblem();
      if (problem) {
        return reply
          .code(503)
          .send({ message: `The database answers but cannot write: ${problem}`, status: "read-only" });
      }
      return { status: "ok", database: ctx.database.kind };
    },
  );
}
