import type { App, RouteDeps } from "../lib/app-type.js";
import { purgeRoutes } from "./purge.routes.js";
import { PurgeSchedule } from "./purge-schedule.js";

/**
 * Purge of old applications: the admin routes, and the daily run when PURGE_SCHEDULE is "daily".
 * Deleting data by itself is a deliberate choice of whoever runs the server, so it is off by default.
 */
export async function purgePlugin(app: App, deps: RouteDeps) {
  if (deps.ctx.config.purgeSchedule === "daily") {
    const schedule = new PurgeSchedule(deps.ctx, app.log);
    app.addHook("onListen", async () => schedule.start());
    // A child plugin's onClose runs before the root's, so a run in progress ends before the database closes.
    app.addHook("onClose", async () => schedule.stop());
  }
  await app.register(purgeRoutes, deps);
}
