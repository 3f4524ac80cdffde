import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const WEB = join(import.meta.dirname, "..", "..");

// Without an icon named by the page, every browser asks the server for /favicon.ico on every
// visit and gets a 404; a tab of the portal then shows a blank page's icon among the others.
describe("the page's icon", () => {
  it("is named by the page and shipped with the build", () => {
    const html = new DOMParser().parseFromString(readFileSync(join(WEB, "index.html"), "utf8"), "text/html");
    const link = html.querySelector('link[rel="icon"]');
    expect(link?.getAttribute("type")).toBe("image/svg+xml");
    const href = link?.getAttribute("href") ?? "";
    expect(href).toMatch(/^\/[\w.-]+\.svg$/);
    // Vite copies public/ to the build's root as it is.
    const file = join(WEB, "public", href.slice(1));
    expect(existsSync(file)).toBe(true);
    const svg = new DOMParser().parseFromString(readFileSync(file, "utf8"), "image/svg+xml");
    expect(svg.documentElement.nodeName).toBe("svg");
    expect(svg.querySelector("parsererror")).toBeNull();
  });
});
