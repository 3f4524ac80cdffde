import type { App, RouteDeps } from "./lib/app-type.js";
import { healthAnswer, unavailableAnswer } from "./openapi/answers.js";

/**
 * GET /api/health: 200 when the database answers and can write; 503 when it does not answer, or
 * answers but cannot write (no space left in DATA_DIR), saying which.
 */
export async function healthRoutes(app: App, { ctx }: RouteDeps) {
  app.get(
    "/api/health",
    { schema: { response: { 200: healthAnswer, 503: unavailableAnswer } } },
    async (_request, reply) => {
      try {
        await ctx.database.ping();
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
