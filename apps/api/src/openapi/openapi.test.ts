import { Validator } from "@seriousme/openapi-schema-validator";
import { APPLICATION_SUMMARY_FIELDS } from "@visa/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { DOCS_CSP, DOCS_PREFIX, OPENAPI_PATH } from "./openapi.js";

interface Operation {
  requestBody?: unknown;
  parameters?: { in: string; name: string }[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let t: TestApp;
const routes: { method: string; url: string; input: boolean }[] = [];

/** Routes with no body to send: they act on the path and the session alone. */
const BODILESS = new Set([
  "POST /api/auth/refresh",
  "POST /api/auth/logout",
  "POST /api/auth/logout-everywhere",
  "POST /api/auth/verify-email/{token}",
  "POST /api/auth/resend-verification",
  "POST /api/users/{id}/verification-link",
  "POST /api/applications/{id}/letter/resend",
  "POST /api/applications/{id}/withdraw",
]);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  // Every route the server answers, read from its router's tree (each line a path segment under
  // its parent's), except the reference page's own files and the document itself.
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /^([│ ]*)[├└]── (.*) \(([A-Z, ]+)\)$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? "").length / 4;
    stack.length = depth;
    const url = stack.join("") + (m[2] ?? "");
    stack.push(m[2] ?? "");
    if (url.startsWith(DOCS_PREFIX) || url === OPENAPI_PATH) continue;
    for (const method of (m[3] ?? "").split(", ")) {
      if (method === "HEAD") continue;
      const path = url.replace(/:(\w+)/g, "{$1}");
      routes.push({
        method,
        url: path,
        input: (method === "POST" || method === "PUT") && !BODILESS.has(`${method} ${path}`),
      });
    }
  }
});
afterAll(() => t.close());

describe("the API document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const res = await t.app.inject({ method: "GET", url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists every route with the schemas of what it takes and every answer it gives", async () => {
    const doc = (await t.app.inject({ method: "GET", url: OPENAPI_PATH })).json();
    const missing: string[] = [];
    for (const { method, url, input } of routes) {
      const op: Operation | undefined = doc.paths?.[url]?.[method.toLowerCase()];
      if (!op) {
        missing.push(`${method} ${url}: not in the document`);
        continue;
      }
      const answers = Object.entries(op.responses ?? {}).filter(([code]) => code.startsWith("2"));
      if (answers.length === 0) missing.push(`${method} ${url}: no answer schema`);
      for (const [code, answer] of answers) {
        const schemas = Object.values(answer.content ?? {}).map((c) => c.schema);
        if (schemas.length === 0 || schemas.some((s) => !s))
          missing.push(`${method} ${url}: answer ${code} has no schema`);
      }
      if (input && !op.requestBody) missing.push(`${method} ${url}: no request body schema`);
    }
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThan(40);
  });

  it("describes the admin list's summary rows with exactly the summary's fields", async () => {
    const doc = (await t.app.inject({ method: "GET", url: OPENAPI_PATH })).json();
    const summary = doc.components.schemas.ApplicationSummary;
    expect(Object.keys(summary.properties).sort()).toEqual([...APPLICATION_SUMMARY_FIELDS].sort());
    const list = doc.paths["/api/applications"].get.parameters.map((p: { name: string }) => p.name);
    expect(list).toContain("view");
  });

  it("serves the reference page from the package, under a policy of its own that loads nothing from elsewhere", async () => {
    const page = await t.app.inject({ method: "GET", url: `${DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("swagger-ui");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toBe(DOCS_CSP);
    expect(csp).not.toMatch(/https?:|\*/);
    const script = await t.app.inject({ method: "GET", url: `${DOCS_PREFIX}/static/swagger-initializer.js` });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-security-policy"]).toBe(DOCS_CSP);
    // Every other page keeps the application's own policy.
    const other = String(
      (await t.app.inject({ method: "GET", url: "/api/health" })).headers["content-security-policy"],
    );
    expect(other).not.toBe(DOCS_CSP);
    expect(other).toContain("frame-ancestors 'none'");
  });
});
