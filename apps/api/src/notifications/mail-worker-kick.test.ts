import { describe, expect, it, vi } from "vitest";
import type { MailMessage } from "../mail/mailer.js";
import { createTestApp } from "../test/test-app.js";
import { enqueueMail } from "./mail-queue.js";

const until = async (done: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

describe("the background worker", () => {
  it("sends mail queued while it was sending other mail at once, not at the next poll", async () => {
    // The poll never comes: whatever is sent, a kick sent.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const served = await createTestApp();
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const sending: string[] = [];
      const sent: string[] = [];
      served.app.ctx.mailer = {
        target: "memory",
        async send(m: MailMessage) {
          sending.push(m.to);
          if (m.to === "first@example.test") await held;
          sent.push(m.to);
        },
      };
      await served.app.listen({ port: 0, host: "127.0.0.1" });
      await enqueueMail(served.app.ctx, {
        kind: "message",
        to: "first@example.test",
        subject: "s",
        text: "t",
      });
      await until(() => sending.length > 0);
      // Queued while the first is on its way, after the run looked for due mail.
      await enqueueMail(served.app.ctx, {
        kind: "message",
        to: "second@example.test",
        subject: "s",
        text: "t",
      });
      release();
      await until(() => sent.length === 2);
      expect(sent).toEqual(["first@example.test", "second@example.test"]);
    } finally {
      await served.close();
      vi.useRealTimers();
    }
  });
});
