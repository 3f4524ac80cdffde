import type { App, RouteDeps } from "../lib/app-type.js";
import { loggableError } from "../lib/loggable-error.js";
import { trackWork } from "../notifications/background-work.js";
import { ensureOrganisation } from "./letter-assets.js";
import { letterDownloadRoutes } from "./letter-download.routes.js";
import { subscribeLetterEvents } from "./letter-events.js";
import { organisationRoutes } from "./organisation.routes.js";
import { templateRoutes } from "./templates.routes.js";
import { verifyRoutes } from "./verify.routes.js";

/** Letters: downloads, ZIP, organisation and templates (admin), public verification. */
export async function lettersPlugin(app: App, deps: RouteDeps) {
  subscribeLetterEvents(deps.ctx);
  // The signing certificate is made on the first start of a server, not at the first letter.
  // Tracked, so a server stopped right after its first start still finishes making it.
  app.addHook("onListen", async () => {
    trackWork(deps.ctx, ensureOrganisation(deps.ctx)).catch((err) =>
      app.log.error({ err: loggableError(err) }, "organisation setup failed"),
    );
  });
  await app.register(letterDownloadRoutes, deps);
  await app.register(organisationRoutes, deps);
  await app.register(templateRoutes, deps);
  await app.register(verifyRoutes, deps);
}
