import { describe, expect, it } from "vitest";
import { pathAfterLogin } from "./login-return";

/** Signed in as account u1 with this role. */
function as(userRole: "admin" | "user") {
  return { userId: "u1", userRole };
}

describe("pathAfterLogin", () => {
  it("returns to a page of this site, with its query", () => {
    expect(pathAfterLogin({ from: "/applications/a1" }, as("user"))).toBe("/applications/a1");
    expect(pathAfterLogin({ from: "/applications/new" }, as("admin"))).toBe("/applications/new");
    expect(pathAfterLogin({ from: "/admin?meeting=m1&status=pending&page=3" }, as("admin"))).toBe(
      "/admin?meeting=m1&status=pending&page=3",
    );
    expect(pathAfterLogin({ from: "/admin/applications/a1?meeting=m1&page=3" }, as("admin"))).toBe(
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
      expect(pathAfterLogin({ from }, as("user")), from).toBe("/");
    }
    // Only the admin area: a path that merely starts with the same letters is not it.
    expect(pathAfterLogin({ from: "/administrivia" }, as("user"))).toBe("/administrivia");
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
      expect(pathAfterLogin({ from }, as("admin")), JSON.stringify(from)).toBe("/");
    }
    for (const from of [undefined, null, 42, { pathname: "/applications/a1" }, ["/applications/a1"]]) {
      expect(pathAfterLogin({ from }, as("admin"))).toBe("/");
    }
    for (const state of [undefined, null, "/applications/a1", 42]) {
      expect(pathAfterLogin(state, as("admin"))).toBe("/");
    }
  });

  it("returns to a page whose session ended only for the same account", () => {
    const page = { from: "/applications/a1", account: "u1" };
    expect(pathAfterLogin(page, as("user"))).toBe("/applications/a1");
    expect(pathAfterLogin(page, { userId: "u2", userRole: "user" })).toBe("/");
    expect(pathAfterLogin(page, { userId: "u2", userRole: "admin" })).toBe("/");
    for (const account of [null, "", 42, ["u1"]]) {
      expect(pathAfterLogin({ ...page, account }, as("user")), JSON.stringify(account)).toBe("/");
    }
  });
});
