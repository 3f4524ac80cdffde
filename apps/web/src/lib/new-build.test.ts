import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type BuildWindow, reloadForNewBuild } from "./new-build";

/** A window with its own storage and event target, whose reloads are counted. */
function fakeWindow(storage: Storage = new MemoryStorage()) {
  const target = new EventTarget();
  const reload = vi.fn();
  const win: BuildWindow = {
    addEventListener: target.addEventListener.bind(target) as BuildWindow["addEventListener"],
    sessionStorage: storage,
    location: { reload },
  };
  /** A screen's file failed to load, as Vite reports it: true if the error was taken over. */
  const missingScreen = () => !target.dispatchEvent(new Event("vite:preloadError", { cancelable: true }));
  return { win, reload, missingScreen };
}

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-26T10:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("a tab opened before an upgrade", () => {
  it("reloads when a screen's file of the old build is missing, and takes the error over", () => {
    const { win, reload, missingScreen } = fakeWindow();
    reloadForNewBuild(win);
    expect(missingScreen()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload again within a minute of that reload: the error shows", () => {
    const storage = new MemoryStorage();
    const before = fakeWindow(storage);
    reloadForNewBuild(before.win);
    before.missingScreen();
    // The page after the reload, in the same tab (its sessionStorage), still misses a screen.
    const after = fakeWindow(storage);
    reloadForNewBuild(after.win);
    vi.advanceTimersByTime(59_000);
    expect(after.missingScreen()).toBe(false);
    expect(after.reload).not.toHaveBeenCalled();
    // A later upgrade, the next day, reloads it again.
    vi.advanceTimersByTime(24 * 3600_000);
    expect(after.missingScreen()).toBe(true);
    expect(after.reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload when the browser refuses storage (it could not tell a loop)", () => {
    const refusing = new MemoryStorage();
    refusing.getItem = () => {
      throw new DOMException("denied", "SecurityError");
    };
    const { win, reload, missingScreen } = fakeWindow(refusing);
    reloadForNewBuild(win);
    expect(missingScreen()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
