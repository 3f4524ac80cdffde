import { connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEALTH_TIMEOUT_MS } from "./health.routes.js";
import { createServerDatabase } from "./test/server-database.js";
import { createTestApp, type TestApp } from "./test/test-app.js";

const serverUrl = process.env.DATABASE_URL;

/**
 * A TCP relay to the PostgreSQL server that can stop passing bytes both ways, as a server stopped
 * with SIGSTOP (or a network that drops everything) leaves its clients: connected, no answer.
 */
class FreezableRelay {
  private readonly pairs: Array<[Socket, Socket]> = [];
  private frozen = false;
  private server?: Server;

  async start(target: URL): Promise<number> {
    this.server = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, upstream]) s.on("error", () => {});
      this.pairs.push([client, upstream]);
      if (!this.frozen) this.flow(client, upstream);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    return (this.server.address() as { port: number }).port;
  }

  private flow(client: Socket, upstream: Socket): void {
    client.pipe(upstream);
    upstream.pipe(client);
  }

  freeze(): void {
    this.frozen = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  thaw(): void {
    this.frozen = false;
    for (const [client, upstream] of this.pairs) this.flow(client, upstream);
  }

  async close(): Promise<void> {
    for (const pair of this.pairs) for (const s of pair) s.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

describe.skipIf(!serverUrl)("a PostgreSQL server that stops answering", () => {
  const relay = new FreezableRelay();
  let database: Awaited<ReturnType<typeof createServerDatabase>>;
  let t: TestApp;

  beforeAll(async () => {
    database = await createServerDatabase();
    const relayed = new URL(database.url);
    relayed.host = `127.0.0.1:${await relay.start(new URL(database.url))}`;
    t = await createTestApp({ databaseUrl: relayed.toString(), databaseQueryTimeoutMs: 1500 });
    // Two pooled connections open and idle, as on a server that has been answering.
    await Promise.all([t.app.ctx.database.ping(), t.app.ctx.database.ping()]);
  }, 60_000);
  afterAll(async () => {
    relay.thaw();
    await t?.close();
    await relay.close();
    await database?.drop();
  });

  it("answers health 503 unavailable within its bound, and a request 503 within the query timeout", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    relay.freeze();

    let started = Date.now();
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json().status).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(HEALTH_TIMEOUT_MS + 1000);

    started = Date.now();
    const read = await t.app.inject({ method: "GET", url: "/api/verify/VL-7K3M-9QRT-2WXZ-5HJN" });
    expect(read.statusCode).toBe(503);
    expect(read.json()).toEqual({
      message: "The service is temporarily unavailable. Please try again shortly.",
    });
    expect(Date.now() - started).toBeLessThan(5000);

    relay.thaw();
  }, 30_000);
});
