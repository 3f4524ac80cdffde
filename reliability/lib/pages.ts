import type { RawAnswer } from "./raw-http.js";
import { send } from "./raw-http.js";

/** Every screen's address (spec §2), plus the public letter check and an unknown address. */
export const PAGES = [
  "/",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password/0123456789abcdef0123456789abcdef",
  "/applications/new",
  "/applications/5f0e8a8e-1d2c-4b7a-9c1e-2f3a4b5c6d7e",
  "/admin",
  "/admin/meetings",
  "/admin/users",
  "/admin/applications/5f0e8a8e-1d2c-4b7a-9c1e-2f3a4b5c6d7e",
  "/verify/VL-0000-0000-0000-0000",
  "/no/such/page",
];

/** What is missing from an answer's security headers (empty when all are there). */
export function missingSecurityHeaders(a: RawAnswer): string[] {
  const csp = String(a.headers["content-security-policy"] ?? "");
  const out: string[] = [];
  if (!/default-src 'self'/.test(csp)) out.push("CSP default-src");
  if (!/frame-ancestors 'none'/.test(csp)) out.push("CSP frame-ancestors");
  if (a.headers["x-content-type-options"] !== "nosniff") out.push("nosniff");
  if (!a.headers["referrer-policy"]) out.push("referrer policy");
  return out;
}

/**
 * The built web app's pages and their scripts and styles, as a browser fetches them: each answer
 * and what its security headers lack. Null when the server has no built web app to serve.
 */
export async function checkPages(
  base: string,
): Promise<{ url: string; status: number; missing: string[] }[] | null> {
  const home = await send(base, { method: "GET", path: "/" });
  if (!String(home.headers["content-type"]).startsWith("text/html")) return null;
  const assets = [...home.body.toString("utf8").matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  const out: { url: string; status: number; missing: string[] }[] = [];
  for (const url of [...PAGES, ...assets]) {
    const a = await send(base, { method: "GET", path: url });
    out.push({ url, status: a.status, missing: missingSecurityHeaders(a) });
  }
  return out;
}
