import { describe, expect, it } from "vitest";
import {
  DEFAULT_LETTER_TEMPLATE,
  fillTemplate,
  LETTER_PLACEHOLDERS,
  type LetterPlaceholder,
  letterTemplateSchema,
  unknownPlaceholders,
} from "./letters.js";

describe("letter placeholders", () => {
  it("finds unknown names inside {{ }}, once each, in order", () => {
    expect(unknownPlaceholders("{{fullName}} {{ venue }} {{venue}} {{Hotel}} {{meetingName}}")).toEqual([
      "venue",
      "Hotel",
    ]);
  });

  it("the default template uses only known placeholders", () => {
    expect(unknownPlaceholders(DEFAULT_LETTER_TEMPLATE.body)).toEqual([]);
    expect(letterTemplateSchema.safeParse(DEFAULT_LETTER_TEMPLATE).success).toBe(true);
  });

  it("refuses a template naming the unknown placeholder", () => {
    const r = letterTemplateSchema.safeParse({ addressee: "To whom", body: "Hi {{nickname}}" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/^Unknown placeholder \{\{nickname\}\}/);
  });

  it("refuses a brace left outside a whole placeholder, showing where", () => {
    for (const [body, shown] of [
      ["Hello {{fullName", "Hello {{fullName"],
      ["Dear {{firstName}}} and team", "{{firstName}}} and"],
      ["Dear {firstName}", "Dear {firstName}"],
      ["{{ fullName }} }}", "{{ fullName }} }}"],
    ] as const) {
      const r = letterTemplateSchema.safeParse({ addressee: "To whom", body });
      expect(r.success, body).toBe(false);
      const message = r.error?.issues[0]?.message ?? "";
      expect(message).toMatch(
        /^A brace is not part of a placeholder, near ".+"\. Placeholders are written \{\{name\}\}, and the letter cannot print other braces\.$/,
      );
      expect(message).toContain(shown);
    }
    expect(
      letterTemplateSchema.safeParse({ addressee: "{{ fullName }}", body: "{{fullName}}, hi" }).success,
    ).toBe(true);
  });

  it("fills every placeholder, with or without spaces inside the braces", () => {
    const values = Object.fromEntries(Object.keys(LETTER_PLACEHOLDERS).map((k) => [k, `<${k}>`])) as Record<
      LetterPlaceholder,
      string
    >;
    expect(fillTemplate("{{fullName}} / {{ meetingName }}", values)).toBe("<fullName> / <meetingName>");
  });
});
