import type { App, RouteDeps } from "./lib/app-type.js";

/** GET /api/health: 200 when the database answers, 503 otherwise. */
export async function healthRoutes(app: App, { ctx }: RouteDeps) {
  app.get("/api/health", async (_request, reply) => {
    try {
      await ctx.database.ping();
      return { status: "ok", database: ctx.database.kind };
    } catch {
      return reply.code(503).send({ message: "The database is not answering", status: "unavailable" });
    }
  });
}
