import pg from "pg";

export interface PipelinedPoolOptions {
  /** Connections that statements share by pipelining (0: none, every statement takes a pool connection). */
  lanes: number;
  /**
   * A statement is queued behind others on a lane only while the oldest of them has run for less
   * than this: a slow statement (an export, a report) then holds up nothing for longer.
   */
  maxWaitMs: number;
  /** At most this many statements in flight on one lane. */
  maxDepth: number;
}

interface Lane {
  client: Promise<pg.Client>;
  /** Start times of the statements in flight, oldest first (answers come back in order). */
  inFlight: number[];
}

/**
 * An error PostgreSQL reported about a statement (a SQLSTATE outside the connection classes 08
 * and 57P), after which the connection goes on serving.
 */
function isStatementError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && !/^(08|57P)/.test(code);
}

/**
 * PostgreSQL connections for a server answering many small requests at once. A statement outside
 * a transaction goes on one of a few long-lived connections in pipeline mode: written at once,
 * behind whatever that connection is already running, and answered in order. On this kind of
 * machine most of a short read's cost is the round trip (a write that wakes the server process
 * and a read that wakes ours); statements that share a connection share those wake-ups. An idle
 * lane is taken first; a busy one only while its oldest statement is young and its queue short;
 * otherwise the statement takes a connection of the ordinary pool, as do transactions (connect()),
 * which must have a connection to themselves.
 *
 * A lane whose connection fails is dropped, its statements fail as on any lost connection, and
 * the next statement opens it again.
 */
export class PipelinedPool {
  readonly #config: pg.PoolConfig;
  readonly #options: PipelinedPoolOptions;
  readonly #pool: pg.Pool;
  readonly #lanes: (Lane | undefined)[];
  #ending = false;

  constructor(config: pg.PoolConfig, options: PipelinedPoolOptions) {
    this.#config = config;
    this.#options = options;
    this.#pool = new pg.Pool(config);
    this.#lanes = Array.from({ length: options.lanes }, () => undefined);
  }

  /** Statements on lanes now (for tests and diagnostics). */
  get laneDepths(): number[] {
    return this.#lanes.map((lane) => lane?.inFlight.length ?? 0);
  }

  /** The ordinary pool (transactions and statements no lane takes). */
  get pool(): pg.Pool {
    return this.#pool;
  }

  #open(index: number): Lane {
    const client = new pg.Client({ ...this.#config, pipeline: true } as pg.ClientConfig);
    const lane: Lane = { client: Promise.resolve(client), inFlight: [] };
    const drop = () => this.#drop(index, lane);
    client.on("error", drop);
    client.on("end", drop);
    lane.client = client.connect().then(
      () => client,
      (err: unknown) => {
        drop();
        throw err;
      },
    );
    // A failed connect is reported to the statements awaiting it, not as an unhandled rejection.
    lane.client.catch(() => {});
    this.#lanes[index] = lane;
    return lane;
  }

  /** The lane a statement should go on now, or undefined for the ordinary pool. */
  #choose(): number | undefined {
    let best: number | undefined;
    let bestDepth = Number.POSITIVE_INFINITY;
    const now = performance.now();
    for (let i = 0; i < this.#lanes.length; i++) {
      const lane = this.#lanes[i];
      if (!lane) return i; // not open yet: idle
      const depth = lane.inFlight.length;
      if (depth === 0) return i;
      const oldest = lane.inFlight[0] ?? now;
      if (depth < this.#options.maxDepth && now - oldest < this.#options.maxWaitMs && depth < bestDepth) {
        best = i;
        bestDepth = depth;
      }
    }
    return best;
  }

  async query(config: pg.QueryConfig | string, values?: unknown[]): Promise<pg.QueryResult> {
    const index = this.#ending ? undefined : this.#choose();
    if (index === undefined) return this.#pool.query(config as pg.QueryConfig, values);
    const lane = this.#lanes[index] ?? this.#open(index);
    lane.inFlight.push(performance.now());
    try {
      const client = await lane.client;
      return await client.query(config as pg.QueryConfig, values);
    } catch (err) {
      // The connection itself failed (not the statement): later statements must not be written
      // to it; the next one opens the lane again.
      if (!isStatementError(err)) this.#drop(index, lane);
      throw err;
    } finally {
      lane.inFlight.shift();
    }
  }

  #drop(index: number, lane: Lane): void {
    if (this.#lanes[index] !== lane) return;
    this.#lanes[index] = undefined;
    lane.client.then((client) => client.end()).catch(() => {});
  }

  /** A connection of its own (transactions), from the ordinary pool. */
  connect(): Promise<pg.PoolClient> {
    return this.#pool.connect();
  }

  on(event: "error", listener: (err: Error) => void): this {
    this.#pool.on(event, listener);
    return this;
  }

  async end(): Promise<void> {
    this.#ending = true;
    const lanes = this.#lanes.splice(0);
    await Promise.all(
      lanes.map(async (lane) => {
        const client = await lane?.client.catch(() => undefined);
        await client?.end().catch(() => {});
      }),
    );
    await this.#pool.end();
  }
}
