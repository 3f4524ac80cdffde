import "@testing-library/jest-dom/vitest";
import { destroyAnnouncer } from "@react-aria/live-announcer";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { prepareAnnouncer } from "../lib/announce";

// Text queries find what is on screen; the announcer's hidden copy of a message is read with
// `announced` (lib/testing.tsx). findBy and waitFor wait up to 5 s, not 1: on a busy 2-core machine
// a lazily loaded page's first render took longer than a second (a wait that succeeds ends at once).
configure({
  defaultIgnore: "script, style, [data-live-announcer], [data-live-announcer] *",
  asyncUtilTimeout: 5_000,
});

// As main.tsx does, the live regions are there before a test's first message.
beforeEach(() => prepareAnnouncer());

afterEach(() => {
  cleanup();
  destroyAnnouncer();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom lacks ResizeObserver, which Headless UI's anchored menus measure with; a browser has it.
if (!("ResizeObserver" in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
