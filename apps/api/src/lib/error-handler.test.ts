import type { FastifyError } from "fastify";
import { describe, expect, it } from "vitest";
import { loggableError } from "./error-handler.js";

describe("loggableError", () => {
  it("keeps a failed query's SQL and codes but never its parameters", () => {
    const err = Object.assign(
      new Error(
        'Failed query: insert into "applications" ("passport_number") values ($1)\nparams: X1234567,zoe@example.test',
      ),
      { code: undefined, cause: Object.assign(new Error("value too long"), { code: "22001" }) },
    ) as unknown as FastifyError;
    const logged = JSON.stringify(loggableError(err));
    expect(logged).toContain("Failed query: insert into");
    expect(logged).toContain("22001");
    expect(logged).not.toContain("X1234567");
    expect(logged).not.toContain("zoe@example.test");
  });
});
