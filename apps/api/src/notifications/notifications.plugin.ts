import type { App, RouteDeps } from "../lib/app-type.js";
import { trackWork } from "./background-work.js";
import { MailWorker } from "./mail-queue.js";
import { notificationRoutes } from "./notifications.routes.js";
import {
  notifyAddressVerified,
  notifyLetterReplaced,
  notifyReceived,
  notifyStatusChange,
  notifyStatusChanges,
} from "./notify.service.js";

/**
 * Applicant e-mail: listens to application events (fired after commit), queues mail, and runs the
 * queue worker while the server listens. Under app.inject (tests) the worker does not poll;
 * tests send queued mail with drainMailQueue.
 */
export async function notificationsPlugin(app: App, deps: RouteDeps) {
  const { ctx } = deps;
  const worker = new MailWorker(ctx, app.log);
  ctx.events.on("application.created", ({ applicationId }) =>
    trackWork(ctx, notifyReceived(ctx, applicationId)),
  );
  ctx.events.on("application.updated", ({ applicationId, from, to }) =>
    from === to ? undefined : trackWork(ctx, notifyStatusChange(ctx, applicationId, from, to)),
  );
  ctx.events.on("applications.decided", ({ decided }) => trackWork(ctx, notifyStatusChanges(ctx, decided)));
  ctx.events.on("letter.superseded", ({ applicationId }) =>
    trackWork(ctx, notifyLetterReplaced(ctx, applicationId)),
  );
  ctx.events.on("email.verified", ({ userId }) => trackWork(ctx, notifyAddressVerified(ctx, userId)));
  app.addHook("onListen", async () => worker.start());
  // A child plugin's onClose runs before the root's, so the worker stops before the database closes.
  app.addHook("onClose", async () => worker.stop());
  await app.register(notificationRoutes, deps);
}
