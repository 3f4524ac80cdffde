import { describe, expect, it } from "vitest";
import { loggableError } from "./loggable-error.js";

describe("loggableError", () => {
  it("keeps a failed query's SQL and codes but never its parameters", () => {
    const err = Object.assign(
      new Error(
        'Failed query: insert into "applications" ("passport_number") values ($1)\nparams: X1234567,zoe@example.test',
      ),
      { code: undefined, cause: Object.assign(new Error("value too long"), { code: "22001" }) },
    );
    const logged = JSON.stringify(loggableError(err));
    expect(logged).toContain("Failed query: insert into");
    expect(logged).toContain("22001");
    expect(logged).not.toContain("X1234567");
    expect(logged).not.toContain("zoe@example.test");
  });

  it("drops the value PostgreSQL quotes at the end of its message, in the fault or its cause", () => {
    const cause = Object.assign(new Error('invalid input syntax for type date: "1990-13-45"'), {
      code: "22007",
    });
    const logged = loggableError(new Error("Failed query: select $1::date", { cause }));
    expect(logged.cause).toBe('22007 invalid input syntax for type date: "[value]"');
    expect(loggableError(cause).message).not.toContain("1990-13-45");
  });

  it("takes what was thrown even when it is not an Error", () => {
    expect(loggableError("Failed query: select 1\nparams: zoe@example.test")).toEqual({
      message: "Failed query: select 1",
    });
  });

  it("keeps a mail server's code and reason but not the address it names", () => {
    const err = Object.assign(
      new Error(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <Zoë.Ñúñez+visa@example.org>: Recipient address rejected",
      ),
      { code: "EENVELOPE", responseCode: 550 },
    );
    const logged = loggableError(err);
    expect(logged.message).toBe(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: Recipient address rejected",
    );
    expect(logged.code).toBe("EENVELOPE");
    const bare = loggableError(
      new Error('452 4.2.2 "a b"@example.org, o\'brien@mail.example.org: Mailbox full'),
    );
    expect(bare.message).toBe("452 4.2.2 [address], [address]: Mailbox full");
    const cause = loggableError(
      new Error("send failed", { cause: new Error("553 <zoe@example.test> refused") }),
    );
    expect(cause.cause).toBe("553 <[address]> refused");
  });

  it("leaves package names and versions, which are not addresses", () => {
    const message =
      "Cannot find package '@visa/domain' imported from /app/node_modules/@signpdf/x (drizzle-orm@0.44.5)";
    expect(loggableError(new Error(message)).message).toBe(message);
  });
});
