import { describe, expect, it } from "vitest";
import { pathAfterLogin } from "./login-return";

describe("pathAfterLogin", () => {
  it("returns to a page of this site, with its query", () => {
    expect(pathAfterLogin("/applications/a1", "user")).toBe("/applications/a1");
    expect(pathAfterLogin("/applications/new", "admin")).toBe("/applications/new");
    expect(pathAfterLogin("/admin?meeting=m1&status=pending&page=3", "admin")).toBe(
      "/admin?meeting=m1&status=pending&page=3",
    );
    expect(pathAfterLogin("/admin/applications/a1?meeting=m1&page=3", "admin")).toBe(
      "/admin/applications/a1?meeting=m1&page=3",
    );
  });

  it("sends an applicant remembered on an admin page, however it is spelled, to the dashboard", () => {
    for (const from of [
      "/admin",
      "/admin?meeting=m1&page=3",
      "/admin/",
      "/admin/users",
      "/Admin/users",
      "/%61dmin/users",
      "/x/../admin/meetings",
      "/admin/applications/a1?page=3",
    ]) {
      expect(pathAfterLogin(from, "user"), from).toBe("/");
    }
    // Only the admin area: a path that merely starts with the same letters is not it.
    expect(pathAfterLogin("/administrivia", "user")).toBe("/administrivia");
  });

  it("ignores anything that is not a path of this site", () => {
    for (const from of [
      "//evil.example",
      "//evil.example/admin",
      "/\\evil.example",
      "/\\/evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/.//evil.example",
      "https://evil.example/",
      "http:/evil.example",
      "javascript:alert(1)",
      "evil.example/path",
      "",
      " /applications/a1",
    ]) {
      expect(pathAfterLogin(from, "admin"), JSON.stringify(from)).toBe("/");
    }
    for (const from of [undefined, null, 42, { pathname: "/applications/a1" }, ["/applications/a1"]]) {
      expect(pathAfterLogin(from, "admin")).toBe("/");
    }
  });
});
