import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { AppConfig } from "../config.js";

/** Headers for answers given before any hook can run: nothing on them may be framed, run or kept. */
export const BARE_SECURITY_HEADERS = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin",
  "cache-control": "no-store",
};

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Helmet's settings. No X-Frame-Options: CSP `frame-ancestors 'none'` rules framing, and the old
 * header only disagreed with it. HSTS is sent by `strictTransportSecurity` below, not by helmet,
 * because it depends on how the request arrived.
 */
export function helmetOptions(config: AppConfig): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", "blob:"],
        objectSrc: ["'self'", "blob:"],
        frameAncestors: ["'none'"],
        // Only behind HTTPS: on plain HTTP (a laptop, an intranet host) it would break every asset.
        upgradeInsecureRequests: config.publicUrl.startsWith("https:") ? [] : null,
        formAction: ["'self'"],
        baseUri: ["'self'"],
      },
    },
    referrerPolicy: { policy: "no-referrer" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: false,
    strictTransportSecurity: false,
  };
}

/**
 * onRequest: helmet's headers on every answer. Its middleware is built once here; the Fastify
 * plugin built it again, parsing the whole policy, for every request.
 */
export function securityHeaders(config: AppConfig) {
  const setHeaders = helmet(helmetOptions(config));
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) =>
    setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
}

/**
 * onRequest: HSTS only when the portal is served over HTTPS (its public address is https, or a
 * trusted proxy says the request came over HTTPS); on plain HTTP it would make browsers refuse the
 * site for a year.
 */
export function strictTransportSecurity(config: AppConfig) {
  const alwaysHttps = config.publicUrl.startsWith("https:");
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // request.protocol reads X-Forwarded-Proto only when TRUST_PROXY is on.
    if (alwaysHttps || (config.trustProxy && request.protocol === "https")) {
      reply.header("strict-transport-security", HSTS);
    }
  };
}

/** onRequest: no API answer (personal data, sessions) is stored by a browser or a proxy. */
export async function apiNoStore(request: FastifyRequest, reply: FastifyReply) {
  if (request.url === "/api" || request.url.startsWith("/api/") || request.url.startsWith("/api?")) {
    reply.header("cache-control", "no-store");
  }
}
