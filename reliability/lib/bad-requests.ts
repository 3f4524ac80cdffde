import { SignJWT } from "jose";
import type { Session } from "../../bench/lib/http.js";
import { BENCH_JWT_SECRET } from "../../bench/lib/server.js";
import { type BodyShape, bodyShapes } from "./bodies.js";
import {
  EVIL_BODIES,
  EVIL_CONTENT_TYPES,
  EVIL_CSVS,
  EVIL_PATH_SEGMENTS,
  EVIL_QUERIES,
  INVALID,
  multipart,
} from "./evil.js";
import type { RawRequest } from "./raw-http.js";
import { isPublic, type Route } from "./routes.js";

export interface BadRequest extends RawRequest {
  route: string;
  label: string;
}

/** A well-formed id that names nothing: paths built with it reach the route and find no row. */
const NOTHING = "5f0e8a8e-1d2c-4b7a-9c1e-2f3a4b5c6d7e";
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MULTIPART_ROUTES = new Set([
  "POST /api/applications/import",
  "POST /api/upload/:id",
  "POST /api/letters/organisation/:image",
  "POST /api/letters/certificate",
]);

/** Session headers that must all be refused: none, garbage, alg none, expired, foreign secret. */
export async function badSessions(admin: { id: string }): Promise<Record<string, Record<string, string>>> {
  const now = Math.floor(Date.now() / 1000);
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const claims = { userId: admin.id, role: "admin", sv: 0 };
  const sign = (secret: string, exp: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(now - 60)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret));
  return {
    "no token": {},
    "garbage token": { authorization: "Bearer not.a.token" },
    "empty bearer": { authorization: "Bearer " },
    "basic auth": { authorization: "Basic YWRtaW46YWRtaW4=" },
    "alg none": {
      authorization: `Bearer ${b64({ alg: "none", typ: "JWT" })}.${b64({ ...claims, exp: now + 600 })}.`,
    },
    expired: { authorization: `Bearer ${await sign(BENCH_JWT_SECRET, now - 10)}` },
    "foreign secret": {
      authorization: `Bearer ${await sign("another-secret-another-secret-another", now + 600)}`,
    },
  };
}

function fill(route: Route, values: Record<string, string>): string {
  return route.path.replace(/:(\w+)/g, (_, p: string) => values[p] ?? NOTHING);
}

const json = (v: unknown) => JSON.stringify(v);

/**
 * Routes a signed-in call completes without any input: with a real session every request is a
 * valid one (it ends the session or mails a link), so they are sent only with refused sessions.
 */
const NO_INPUT_ROUTES = new Set([
  "POST /api/auth/logout",
  "POST /api/auth/logout-everywhere",
  "POST /api/auth/resend-verification",
]);

interface RequestContext {
  admin: Session;
  user: Session;
  badSessions: Record<string, Record<string, string>>;
  meetingId: string;
}

/** Every malformed request this run can make for one route (more than are sent; see pickRequests). */
export function requestsFor(route: Route, ctx: RequestContext): BadRequest[] {
  const all = everyRequestFor(route, ctx);
  if (!NO_INPUT_ROUTES.has(`${route.method} ${route.path}`)) return all;
  const real = new Set([ctx.admin.headers.authorization, ctx.user.headers.authorization]);
  return all.filter((r) => !real.has(r.headers?.authorization));
}

function everyRequestFor(route: Route, ctx: RequestContext): BadRequest[] {
  const key = `${route.method} ${route.path}`;
  const out: BadRequest[] = [];
  const add = (label: string, r: Omit<BadRequest, "route" | "label" | "method"> & { method?: string }) =>
    out.push({ method: route.method, ...r, route: key, label });
  const shape: BodyShape | undefined = bodyShapes(ctx.meetingId)[key];
  const hasBody = BODY_METHODS.has(route.method);
  const sessions = [ctx.admin, ctx.user];
  const basePath = fill(route, {});
  const jsonHeaders = (s: Session) => ({ ...s.headers, "content-type": "application/json" });

  // Paths: every parameter replaced by invalid ids, ids of nothing, traversal, injection, bad encoding.
  for (const param of route.params) {
    for (const seg of EVIL_PATH_SEGMENTS) {
      for (const s of sessions) {
        const path = fill(route, { [param]: seg });
        if (hasBody && shape)
          add(`path ${param}=${seg.slice(0, 30)}`, {
            path,
            headers: jsonHeaders(s),
            body: json(shape.valid),
          });
        else add(`path ${param}=${seg.slice(0, 30)}`, { path, headers: s.headers });
      }
    }
  }

  // Queries: paging, sorting and filters out of range, mistyped or hostile.
  for (const q of EVIL_QUERIES) {
    for (const s of sessions)
      add(`query ${q.slice(0, 40)}`, { path: `${basePath}?${q}`, headers: s.headers });
  }

  // Sessions that must be refused, carrying an otherwise valid request.
  if (!isPublic(route)) {
    for (const [name, headers] of Object.entries(ctx.badSessions)) {
      const body = hasBody ? json(shape?.valid ?? {}) : undefined;
      add(`session: ${name}`, {
        path: basePath,
        headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
        body,
      });
    }
  }

  if (!hasBody) return out;

  // Bodies: one strictly checked field broken at a time, or missing.
  const broken: string[] = [];
  if (shape) {
    for (const [field, kind] of Object.entries(shape.fields)) {
      for (const bad of kind === "name" ? [...INVALID.text, ...INVALID.name] : INVALID[kind]) {
        const body = json({ ...shape.valid, [field]: bad });
        broken.push(body);
        for (const s of sessions)
          add(`field ${field}=${json(bad).slice(0, 30)}`, { path: basePath, headers: jsonHeaders(s), body });
      }
      if (shape.optional?.includes(field)) continue;
      const { [field]: _, ...missing } = shape.valid;
      add(`field ${field} missing`, { path: basePath, headers: jsonHeaders(ctx.admin), body: json(missing) });
      add(`wrong types everywhere`, {
        path: basePath,
        headers: jsonHeaders(ctx.admin),
        body: json(Object.fromEntries(Object.keys(shape.valid).map((k) => [k, [{ k }]]))),
      });
    }
  }
  // Whole bodies that are not JSON objects, hostile JSON, oversized JSON.
  for (const { name, body } of EVIL_BODIES) {
    for (const s of sessions) add(`body: ${name}`, { path: basePath, headers: jsonHeaders(s), body });
  }
  // Content types: a body the route cannot accept, labelled as everything but JSON.
  const sample = broken[0] ?? "{'not': json}";
  for (const type of EVIL_CONTENT_TYPES) {
    for (const s of sessions) {
      add(`content-type ${type || "(none)"}`, {
        path: basePath,
        headers: { ...s.headers, ...(type ? { "content-type": type } : {}) },
        body:
          type === "application/x-www-form-urlencoded"
            ? new URLSearchParams(JSON.parse(broken[0] ?? "{}")).toString()
            : sample,
      });
    }
  }
  if (MULTIPART_ROUTES.has(key)) out.push(...uploadsFor(route, key, basePath, ctx.admin));
  return out;
}

/** Uploads: import files whose every row fails, files of the wrong kind, broken multipart, oversized files. */
function uploadsFor(route: Route, key: string, basePath: string, admin: Session): BadRequest[] {
  const out: BadRequest[] = [];
  const add = (label: string, body: Buffer, contentType: string, path = basePath) =>
    out.push({
      method: route.method,
      path,
      headers: { ...admin.headers, "content-type": contentType },
      body,
      route: key,
      label,
    });
  const files: { name: string; filename: string; type: string; data: string | Buffer }[] = EVIL_CSVS.map(
    (c) => ({
      name: `csv ${c.name}`,
      filename: "applications.csv",
      type: "text/csv",
      data: c.csv,
    }),
  );
  files.push(
    {
      name: "exe",
      filename: "evil.exe",
      type: "application/x-msdownload",
      data: Buffer.from("MZ\u0090\u0000evil"),
    },
    { name: "script as png", filename: "logo.png", type: "image/png", data: "<script>alert(1)</script>" },
    {
      name: "html as pdf",
      filename: "doc.pdf",
      type: "application/pdf",
      data: "<html><body>not a pdf</body></html>",
    },
    { name: "traversal name", filename: "../../../../etc/passwd", type: "text/csv", data: "a,b\n1,2\n" },
    { name: "no filename", filename: "", type: "text/csv", data: "a,b\n" },
    {
      name: "not a p12",
      filename: "cert.p12",
      type: "application/x-pkcs12",
      data: Buffer.from([48, 130, 1, 2, 3]),
    },
  );
  // The organisation images are real names only for files that are not images.
  const paths = route.params.includes("image")
    ? [fill(route, { image: "logo" }), fill(route, { image: "LOGO" })]
    : [basePath];
  for (const path of paths) {
    for (const f of files) {
      const m = multipart([
        { field: "file", filename: f.filename, contentType: f.type, data: f.data },
        { field: "passphrase", data: "wrong" },
      ]);
      add(`upload ${f.name}`, m.body, m.contentType, path);
    }
  }
  const csv = EVIL_CSVS[0]?.csv ?? "";
  const wrongField = multipart([{ field: "upload", filename: "a.csv", contentType: "text/csv", data: csv }]);
  add("upload under another field name", wrongField.body, wrongField.contentType);
  const noFile = multipart([{ field: "meetingId", data: "x" }]);
  add("upload without a file", noFile.body, noFile.contentType);
  const two = multipart([
    { field: "file", filename: "a.csv", contentType: "text/csv", data: csv },
    { field: "file", filename: "b.csv", contentType: "text/csv", data: csv },
  ]);
  add("two files", two.body, two.contentType);
  const cut = multipart([{ field: "file", filename: "a.csv", contentType: "text/csv", data: csv }]);
  add("multipart cut short", cut.body.subarray(0, cut.body.length - 20), cut.contentType);
  add("multipart with a wrong boundary", cut.body, "multipart/form-data; boundary=other");
  const big = multipart([
    { field: "file", filename: "big.csv", contentType: "text/csv", data: Buffer.alloc(21 * 2 ** 20, 97) },
  ]);
  add("oversized upload (21 MB)", big.body, big.contentType);
  return out;
}

/**
 * At least `n` requests, taken round-robin across routes (each route's list shuffled with a fixed
 * seed, so every kind of malformation is sampled), repeating lists that run out before `n`.
 */
export function pickRequests(perRoute: BadRequest[][], n: number): BadRequest[] {
  let seed = 7;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const lists = perRoute.filter((l) => l.length > 0).map((l) => [...l].sort(() => rand() - 0.5));
  const longest = Math.max(0, ...lists.map((l) => l.length));
  const picked: BadRequest[] = [];
  for (let round = 0; longest > 0 && picked.length < n; round++) {
    const r = round % longest;
    for (const list of lists) if (r < list.length) picked.push(list[r] as BadRequest);
  }
  return picked;
}
