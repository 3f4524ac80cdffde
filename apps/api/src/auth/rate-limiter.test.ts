import { describe, expect, it } from "vitest";
import { FixedWindowLimiter } from "./rate-limiter.js";

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("FixedWindowLimiter", () => {
  it("allows `limit` requests per window and refuses the next with the seconds left", () => {
    const c = clock();
    const limiter = new FixedWindowLimiter(3, 60_000, c.now);
    expect([1, 2, 3].map(() => limiter.hit("a").allowed)).toEqual([true, true, true]);
    c.advance(15_500);
    const refused = limiter.hit("a");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(45);
  });

  it("counts keys separately", () => {
    const limiter = new FixedWindowLimiter(1, 60_000, clock().now);
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("b").allowed).toBe(true);
    expect(limiter.hit("a").allowed).toBe(false);
  });

  it("starts a fresh window once the old one has ended", () => {
    const c = clock();
    const limiter = new FixedWindowLimiter(1, 60_000, c.now);
    limiter.hit("a");
    expect(limiter.hit("a").allowed).toBe(false);
    c.advance(60_000);
    expect(limiter.hit("a").allowed).toBe(true);
  });

  it("forgets ended windows so memory does not grow with every key ever seen", () => {
    const c = clock();
    const limiter = new FixedWindowLimiter(5, 60_000, c.now);
    for (let i = 0; i < 100; i++) limiter.hit(`k${i}`);
    expect(limiter.size).toBe(100);
    c.advance(60_001);
    limiter.hit("fresh");
    expect(limiter.size).toBe(1);
  });
});
