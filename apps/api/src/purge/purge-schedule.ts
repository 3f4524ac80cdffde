import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../context.js";
import { loggableError } from "../lib/loggable-error.js";
import { purgeOldApplications } from "./purge.service.js";

/** Shortly after start: not during it, while the server is still settling in. */
export const FIRST_PURGE_DELAY_MS = 60_000;
export const PURGE_EVERY_MS = 24 * 3600_000;

const schedules = new WeakMap<AppContext, PurgeSchedule>();

/** The app's purge schedule, if PURGE_SCHEDULE is "daily" and it has started. */
export function purgeScheduleOf(ctx: AppContext): PurgeSchedule | undefined {
  return schedules.get(ctx);
}

/**
 * Runs the purge once shortly after the server starts listening and then once a day, one run at a
 * time. Several servers may each run it: a meeting is purged under its row lock, so a second run
 * finds nothing left and records nothing.
 */
export class PurgeSchedule {
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    schedules.set(this.ctx, this);
    this.arm(FIRST_PURGE_DELAY_MS);
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    schedules.delete(this.ctx);
    await this.chain;
  }

  /** Resolves once every run started so far has finished. */
  idle(): Promise<void> {
    return this.chain;
  }

  private arm(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.run();
      if (this.started) this.arm(PURGE_EVERY_MS);
    }, delayMs);
    // A pending purge never keeps the process alive.
    this.timer.unref();
  }

  private run(): void {
    this.chain = this.chain.then(async () => {
      try {
        const result = await purgeOldApplications(this.ctx, "schedule");
        // Counts only: names and passport data must never reach the logs.
        this.log.info(
          { meetings: result.meetings.length, applications: result.total },
          "scheduled purge finished",
        );
      } catch (err) {
        this.log.error({ err: loggableError(err) }, "scheduled purge failed");
      }
    });
  }
}
