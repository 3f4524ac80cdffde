import { existsSync } from "node:fs";
import { join } from "node:path";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import { MAX_UPLOAD_BYTES } from "@visa/domain";
import Fastify, { type FastifyReply } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { applicationRoutes } from "./applications/applications.routes.js";
import { documentRoutes } from "./applications/documents.routes.js";
import { reviewRoutes } from "./applications/review.routes.js";
import { authRoutes } from "./auth/auth.routes.js";
import { TOO_MANY_REQUESTS } from "./auth/auth-rate-limit.js";
import { emailVerificationRoutes } from "./auth/email-verification.routes.js";
import { createGuards } from "./auth/guards.js";
import { passwordResetRoutes } from "./auth/password-reset.routes.js";
import { databaseRateLimitStore } from "./auth/rate-limit-store.js";
import type { AppConfig } from "./config.js";
import type { AppContext } from "./context.js";
import type { DataDirLock } from "./data-dir/data-dir-lock.js";
import { openDatabase } from "./db/client.js";
import { BOOKKEEPING_RESERVE } from "./db/disk-space.js";
import { createStatements } from "./db/prepared.js";
import { sharedJwtSecret } from "./db/shared-jwt-secret.js";
import { healthRoutes } from "./health.routes.js";
import { historyRoutes } from "./history/history.routes.js";
import { importRoutes } from "./imports/import.routes.js";
import { lettersPlugin } from "./letters/letters.plugin.js";
import type { App, RouteDeps } from "./lib/app-type.js";
import { installErrorHandler } from "./lib/error-handler.js";
import { HttpError, insufficientStorage } from "./lib/errors.js";
import { EventBus } from "./lib/events.js";
import { loggableError } from "./lib/loggable-error.js";
import { createMailer, type Mailer } from "./mail/mailer.js";
import { meetingRoutes } from "./meetings/meetings.routes.js";
import { workSettled } from "./notifications/background-work.js";
import { notificationsPlugin } from "./notifications/notifications.plugin.js";
import { registerOpenApi } from "./openapi/openapi.js";
import { purgePlugin } from "./purge/purge.plugin.js";
import {
  apiNoStore,
  BARE_SECURITY_HEADERS,
  securityHeaders,
  strictTransportSecurity,
} from "./security/http-headers.js";
import { logSerializers } from "./security/log-serializers.js";
import { userRoutes } from "./users/users.routes.js";

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Writes of a few bytes of bookkeeping (a sign-in's count, an ended session, a passport check's
 * count), which may use part of the space kept in hand (BOOKKEEPING_RESERVE): people still sign
 * in to read and download their letters, sign out, and consulates still check letters. Sign-ins
 * are then counted before they are answered (auth-rate-limit.ts), so none goes uncounted.
 */
const BOOKKEEPING_WRITES = new Set([
  "/api/auth/login",
  "/api/auth/refresh",
  "/api/auth/logout",
  "/api/auth/logout-everywhere",
  "/api/verify/:reference/passport",
]);

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

// Loaded by main.ts once the server answers; exported here so its imports resolve from where
// the letters' own do (letter-code.ts).
export { loadLetterCode } from "./letters/letter-code.js";

export interface BuildOptions {
  /** Replace the configured mailer (tests that capture mail without SMTP). */
  mailer?: Mailer;
  /** Write log lines here instead of standard output (tests that read what is logged). */
  logStream?: { write(line: string): void };
  /** DATA_DIR's lock, when the caller took it already (the server takes it before loading all this). */
  dataDirLock?: DataDirLock;
}

/** The whole server: database opened and migrated, every route registered. Tests and main share it. */
export async function buildApp(configured: AppConfig, options: BuildOptions = {}): Promise<App> {
  let config = configured;
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            redact: ["req.headers.authorization", "req.headers.cookie"],
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy ?? false,
    // Ids and tokens never need more; longer paths are refused before routing.
    routerOptions: { maxParamLength: 200 },
    // A malformed or overlong URL is answered before any hook runs (so before helmet): it still
    // leaves with the security headers and the usual { message }.
    frameworkErrors: (error, _request, rawReply) => {
      const status = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400;
      (rawReply as FastifyReply)
        .code(status)
        .headers(BARE_SECURITY_HEADERS)
        .send({ message: status === 414 ? "The address is too long" : "The address is not valid" });
    },
  }).withTypeProvider<ZodTypeProvider>();
  acceptEmptyJsonBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  // Answers leave as the presenters shape them. The routes' answer schemas describe them for the
  // API document (typed by the domain's DTOs, so the compiler holds them to the handlers); they are
  // not parsed again on every answer, where a stray field would be silently dropped.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  installErrorHandler(app);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    dataDir: config.dataDir,
    inMemory: config.inMemoryDatabase,
    holder: "the server",
    lock: options.dataDirLock,
  });
  if (config.jwtSecretInDatabase) {
    config = { ...config, jwtSecret: await sharedJwtSecret(database.db, config.jwtSecret) };
  }
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    statements: createStatements(database.db),
    mailer: options.mailer ?? createMailer(config),
    events: new EventBus((err, event) =>
      app.log.error({ event, err: loggableError(err) }, "event listener failed"),
    ),
  };
  app.decorate("ctx", ctx);
  app.addHook("onClose", async () => {
    // Work begun after an answer (a reset mail) finishes before the database goes.
    await workSettled(ctx);
    await database.close();
  });
  // A write is refused before its body is read while the embedded database has no room to spare.
  app.addHook("onRequest", async (request) => {
    if (READ_METHODS.has(request.method)) return;
    const bookkeeping = BOOKKEEPING_WRITES.has(request.routeOptions.url ?? "");
    if (database.writeProblem(bookkeeping ? BOOKKEEPING_RESERVE : undefined)) throw insufficientStorage();
  });

  app.addHook("onRequest", securityHeaders(config));
  app.addHook("onRequest", strictTransportSecurity(config));
  app.addHook("onRequest", apiNoStore);
  // Only the routes that ask are limited; counts live in the database, shared by every server.
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(database.db),
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_REQUESTS),
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 20 },
  });

  await registerOpenApi(app);
  const deps: RouteDeps = { ctx, guards: createGuards(ctx) };
  await app.register(healthRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(lettersPlugin, deps);
  await app.register(notificationsPlugin, deps);
  await app.register(applicationRoutes, deps);
  await app.register(documentRoutes, deps);
  await app.register(historyRoutes, deps);
  await app.register(reviewRoutes, deps);
  await app.register(importRoutes, deps);
  await app.register(passwordResetRoutes, deps);
  await app.register(emailVerificationRoutes, deps);
  await app.register(meetingRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(purgePlugin, deps);

  registerWebApp(app, config);
  return app;
}

/**
 * Many HTTP clients send `Content-Type: application/json` on every call, a DELETE without a body
 * included: an empty body is taken as no body (a route that needs one still says what it needs),
 * anything else goes to Fastify's own JSON parser.
 */
function acceptEmptyJsonBodies(app: App): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") return done(null, undefined);
    return parseJson(request, String(body), done);
  });
}

/**
 * Serves the built web app, with index.html for every non-API path (client-side routes). Files
 * are looked up when asked for, not listed at start: a build (an upgrade's, or `npm test` beside
 * `npm start`) replaces them under a running server, and the new index.html names new assets.
 */
function registerWebApp(app: App, config: AppConfig): void {
  const dist = config.webDistDir;
  const hasWeb = !!dist && existsSync(join(dist, "index.html"));
  const isApi = (path: string) => path === "/api" || path.startsWith("/api/");
  // The page is asked for again on every visit (it names the assets of the build in use).
  const appShell = (reply: FastifyReply) =>
    reply.header("cache-control", "no-cache").sendFile("index.html", { cacheControl: false });
  if (hasWeb) {
    const assets = join(dist, "assets", "/");
    app.register(fastifyStatic, {
      root: dist,
      wildcard: true,
      index: false,
      allowedPath: (p) => !isApi(p),
      // As when only the files listed at start were served: never a dotfile (.env, .git).
      dotfiles: "ignore",
      // Vite names every asset by its content: a name never stands for other bytes, so a browser
      // keeps them instead of asking again on every page (a new build brings new names).
      setHeaders: (reply, path) => {
        if (path.startsWith(assets)) reply.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
    app.get("/", { schema: { hide: true } }, (_request, reply) => appShell(reply));
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (hasWeb && request.method === "GET" && !isApi(path)) {
      if (path.startsWith("/assets/")) return reply.code(404).send({ message: "Not found" });
      return appShell(reply);
    }
    return reply.code(404).send({ message: "Not found" });
  });
}
