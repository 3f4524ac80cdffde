import { APPLICATION_FIELD_KEYS } from "@visa/domain";
import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications } from "./schema.js";

describe("the shared field table and the applications table", () => {
  it("has a column for every field the table lists", () => {
    const columns = Object.keys(getTableColumns(applications));
    expect(APPLICATION_FIELD_KEYS.filter((k) => !columns.includes(k))).toEqual([]);
  });
});
