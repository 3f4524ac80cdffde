import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sendCommand, serveCommands } from "./command-socket.js";

describe("a command that fails in the server", () => {
  it("is told in one line where to read why, and the fault goes to the server alone", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "visa-socket-"));
    const faults: unknown[] = [];
    const socket = await serveCommands(
      dataDir,
      {
        admin: async () => {
          throw new Error('Failed query: insert into "users" ...\nparams: ada@example.org');
        },
      },
      (e) => faults.push(e),
    );
    try {
      const lines: string[] = [];
      const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
      expect(await sendCommand(dataDir, "admin", {}, out)).toBe(1);
      expect(lines).toEqual([
        'The command failed on the server; its log says why (the entry "command failed")',
      ]);
      expect(faults).toHaveLength(1);
    } finally {
      await socket?.close();
    }
  });
});
