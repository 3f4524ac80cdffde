import autocannon from "autocannon";

export interface Scenario {
  name: string;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  headers?: Record<string, string>;
  /** A JSON body, or a function giving each request its own body (writes that must be unique). */
  body?: unknown | (() => unknown);
  connections?: number;
  seconds?: number;
  /** Each request's own path (path is then the first one's, for the probe). */
  nextPath?: () => string;
  /** Each request's own headers, over `headers` (e.g. the session of each of many accounts). */
  nextHeaders?: () => Record<string, string>;
  /** Whether the target sets a read target (≥ half the ceiling, p99 under 50 ms). */
  read?: boolean;
}

export interface LoadResult {
  name: string;
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  status5xx: number;
  read: boolean;
}

/** Runs one autocannon measurement against a running server. */
export async function measure(base: string, s: Scenario, defaults: { connections: number; seconds: number }) {
  const connections = s.connections ?? defaults.connections;
  const seconds = s.seconds ?? defaults.seconds;
  const headers = { ...s.headers, ...(s.body === undefined ? {} : { "content-type": "application/json" }) };
  const dynamic = typeof s.body === "function";
  const result = await autocannon({
    url: `${base}${s.path}`,
    method: s.method ?? "GET",
    headers,
    connections,
    duration: seconds,
    timeout: 30,
    ...(s.body !== undefined && !dynamic ? { body: JSON.stringify(s.body) } : {}),
    ...(dynamic || s.nextPath || s.nextHeaders
      ? {
          requests: [
            {
              setupRequest: (req) => ({
                ...req,
                ...(dynamic ? { body: JSON.stringify((s.body as () => unknown)()) } : {}),
                ...(s.nextPath ? { path: s.nextPath() } : {}),
                ...(s.nextHeaders ? { headers: { ...headers, ...s.nextHeaders() } } : {}),
              }),
            },
          ],
        }
      : {}),
  });
  const r: LoadResult = {
    name: s.name,
    connections,
    seconds,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    status5xx: result["5xx"],
    read: s.read ?? false,
  };
  return r;
}
