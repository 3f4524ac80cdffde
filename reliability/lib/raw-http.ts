import http from "node:http";

export interface RawRequest {
  method: string;
  /** Sent as given (already percent-encoded where needed). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Loopback address to send from (127.0.0.x), so rate limits see distinct clients. */
  localAddress?: string;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The connection failed or the server cut it off: never acceptable from a healthy server. */
  error?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

/** One HTTP request with nothing normalised: odd methods, paths, headers and bodies go out as given. */
export function send(base: string, req: RawRequest, timeoutMs = 30_000): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const r = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers: {
          ...(req.body !== undefined ? { "content-length": String(Buffer.byteLength(req.body)) } : {}),
          ...req.headers,
        },
        agent: req.localAddress ? undefined : agent,
        localAddress: req.localAddress,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", (e) => resolve({ status: 0, headers: {}, body: Buffer.alloc(0), error: e.message }));
      },
    );
    r.on("timeout", () => r.destroy(new Error("timeout")));
    r.on("error", (e) => resolve({ status: 0, headers: {}, body: Buffer.alloc(0), error: e.message }));
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

/** Runs `tasks` with at most `concurrency` in flight; returns their results in order. */
export async function pool<T>(tasks: (() => Promise<T>)[], concurrency: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await (tasks[i] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  return out;
}
