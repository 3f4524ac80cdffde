import { describe, expect, it } from "vitest";

/**
 * The people both admin searches (applications, users) are tested with: a key (their e-mail is
 * `{key}-person@example.test`), a first and a last name in several scripts, one with % and _.
 */
export const SEARCH_PEOPLE: ReadonlyArray<readonly [key: string, firstName: string, lastName: string]> = [
  ["a", "Ana", "García"],
  ["b", "Björn", "Ødegård"],
  ["c", "Иван", "Петров"],
  ["d", "李", "小龍"],
  ["e", "Eve", "100%_Real"],
  ["f", "Nguyễn", "Văn An"],
];

/** A search's answer: the sorted keys of the people found ("other" for a filler), and the total. */
export type SearchAnswer = { keys: string[]; total: number };

/**
 * What every admin search must find among SEARCH_PEOPLE and fillers named `filler{n}@…`: short
 * terms (no trigram), longer ones in any script and case, names typed without accents, and % and _
 * taken literally.
 */
export function describeSearchCases(title: string, search: (term: string) => Promise<SearchAnswer>) {
  describe(title, () => {
    it("finds names from terms of one and two characters", async () => {
      expect(await search("an")).toEqual({ keys: ["a", "f"], total: 2 });
      expect(await search("Ø")).toEqual({ keys: ["b"], total: 1 });
      expect(await search("李")).toEqual({ keys: ["d"], total: 1 });
      expect(await search("ов")).toEqual({ keys: ["c"], total: 1 });
    });

    it("finds names and e-mails from longer terms, case-insensitively, in any script", async () => {
      expect(await search("ana garc")).toEqual({ keys: ["a"], total: 1 });
      expect(await search("ØDEGÅRD")).toEqual({ keys: ["b"], total: 1 });
      expect(await search("ИВАН")).toEqual({ keys: ["c"], total: 1 });
      expect(await search("李 小龍")).toEqual({ keys: ["d"], total: 1 });
      expect(await search("nguyễn văn")).toEqual({ keys: ["f"], total: 1 });
      expect(await search("E-PERSON@EXAMPLE")).toEqual({ keys: ["e"], total: 1 });
      expect(await search("filler1234@")).toEqual({ keys: ["other"], total: 1 });
    });

    it("finds names typed without their accents, and keeps accents typed as written", async () => {
      expect(await search("odegard")).toEqual({ keys: ["b"], total: 1 });
      expect(await search("bjorn")).toEqual({ keys: ["b"], total: 1 });
      expect(await search("nguyen van an")).toEqual({ keys: ["f"], total: 1 });
      expect(await search("garcía")).toEqual({ keys: ["a"], total: 1 });
      expect(await search("gárcia")).toEqual({ keys: [], total: 0 });
    });

    it("keeps % and _ literal", async () => {
      expect(await search("%")).toEqual({ keys: ["e"], total: 1 });
      expect(await search("_")).toEqual({ keys: ["e"], total: 1 });
      expect(await search("0%_r")).toEqual({ keys: ["e"], total: 1 });
      expect(await search("a%a")).toEqual({ keys: [], total: 0 });
    });
  });
}
