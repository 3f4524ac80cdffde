import { describe, expect, it } from "vitest";
import { pageTitle } from "./page-title";

describe("pageTitle", () => {
  it("gives every page its own tab title", () => {
    const paths = [
      "/login",
      "/",
      "/applications/new",
      "/applications/abc",
      "/admin",
      "/admin/users",
      "/admin/meetings",
      "/admin/letters",
      "/admin/applications/abc",
      "/verify/VL-1",
      "/register",
    ];
    const titles = paths.map((p) => pageTitle(p));
    expect(new Set(titles).size).toBe(paths.length);
    expect(pageTitle("/admin/applications/x")).toBe("Review application · Visa Letter Portal");
    expect(pageTitle("/nowhere")).toBe("Visa Letter Portal");
    expect(pageTitle("/applications/abc", "Dallas 2030")).toBe(
      "Dallas 2030 · Application details · Visa Letter Portal",
    );
  });
});
