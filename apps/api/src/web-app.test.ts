import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/test-app.js";

// The built web app as the server serves it, and a new build written under the running server:
// `npm run build` empties the web app's directory and writes assets under new names.
let t: TestApp;
let root: string;
let dist: string;

const page = (asset: string) =>
  `<!doctype html><div id="root"></div><script src="/assets/${asset}"></script>`;

function writeBuild(asset: string, code: string) {
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(join(dist, "assets"), { recursive: true });
  writeFileSync(join(dist, "index.html"), page(asset));
  writeFileSync(join(dist, "assets", asset), code);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "visa-web-"));
  dist = join(root, "dist");
  writeBuild("index-old.js", "console.log('old')");
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("the web app", () => {
  it("serves its page for the root and every client route, and its assets", async () => {
    for (const url of ["/", "/admin/applications", "/verify/VL-AAAA-BBBB"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(page("index-old.js"));
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
    const asset = await get("/assets/index-old.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    expect(asset.body).toBe("console.log('old')");
    // Named by their content: kept by the browser, never asked for again.
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("lets browsers keep no other file for long: the page, and what sits beside it", async () => {
    writeFileSync(join(dist, "favicon.svg"), "<svg/>");
    const icon = await get("/favicon.svg");
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("public, max-age=0");
    expect((await get("/")).headers["cache-control"]).toBe("no-cache");
  });

  it("serves a build written while the server runs: the new page and its new assets", async () => {
    writeBuild("index-new.js", "console.log('new')");
    const shell = await get("/");
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toBe(page("index-new.js"));
    const asset = await get("/assets/index-new.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log('new')");
    // The old build's asset is gone: a missing asset is a 404, never the page in its place.
    const gone = await get("/assets/index-old.js");
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: "Not found" });
  });

  it("keeps the web app's routes out of the API document", async () => {
    const doc = (await get("/api/openapi.json")).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith("/api/"))).toEqual([]);
  });

  it("never serves a file that is not the web app's: a dotfile, or outside its directory", async () => {
    writeFileSync(join(dist, ".env"), "JWT_SECRET=not-for-anyone");
    writeFileSync(join(dist, "assets", ".hidden.js"), "not served");
    writeFileSync(join(root, "beside-the-app.txt"), "not served");
    for (const url of ["/.env", "/../beside-the-app.txt", "/%2e%2e/beside-the-app.txt"]) {
      const res = await get(url);
      expect(res.body, url).not.toContain("not");
      expect(res.body, url).toBe(page("index-new.js"));
    }
    for (const url of ["/assets/.hidden.js", "/assets/..%2f..%2fbeside-the-app.txt"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: "Not found" });
    }
  });

  it("answers the API's unknown paths with JSON, not with a file or the page", async () => {
    writeFileSync(join(dist, "api"), "not served");
    for (const url of ["/api/no-such-route", "/api", "/api/applications/x/y/z"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: "Not found" });
    }
  });
});
