import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { App } from "../lib/app-type.js";

export const OPENAPI_PATH = "/api/openapi.json";
export const DOCS_PREFIX = "/api/docs";

/** The reference page's content security policy: its script and styles, from this server only. */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The API document, OpenAPI 3.1 made from the routes' zod schemas, at /api/openapi.json, and a
 * reference page reading it at /api/docs (Swagger UI, served from its npm package). Called in the
 * root context before the routes: the document is collected as they are added.
 */
export async function registerOpenApi(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Visa Letter Portal API",
        version: "1.0.0",
        description:
          "Errors answer { message }. Sign in with POST /api/auth/login and send the token as `Authorization: Bearer <token>`.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { url: OPENAPI_PATH, layout: "BaseLayout", deepLinking: false },
    // The page's own policy in place of the package's, which allows fonts and styles from any
    // https: host and images from the package's online validator: here, nothing from elsewhere.
    staticCSP: true,
    transformStaticCSP: () => DOCS_CSP,
  });
}
