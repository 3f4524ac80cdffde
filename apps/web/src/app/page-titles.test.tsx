import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applicationDto, me } from "../features/applications/test-data";
import { saveSession } from "../lib/session";
import { renderRoutes, stubApi } from "../lib/testing";
import { routes } from "./routes";

afterEach(() => vi.unstubAllGlobals());

const application = applicationDto({ _id: "a1", firstName: "Ana", lastName: "Silva" });

/** The answers every signed-in page reads; anything else answers 404, which no title depends on. */
function stubPages() {
  return stubApi({
    "GET /api/auth/me": { json: me },
    "GET /api/meetings": { json: [application.meeting] },
    "GET /api/applications/stats": { json: { total: 1, pending: 1, approved: 0, rejected: 0 } },
    // The applicant's own list is an array; the admin's (by meeting) comes in pages.
    "GET /api/applications": (req) =>
      req.url.searchParams.has("meetingId")
        ? { json: { applications: [application], pagination: { total: 1, page: 1, pages: 1 } } }
        : { json: [application] },
    "GET /api/applications/a1": { json: application },
    "GET /api/applications/a2": {
      json: { ...application, _id: "a2", firstName: "Bruno", lastName: "Costa" },
    },
  });
}

/** The app's own route tree at `path`, waiting for the tab to show `title`. */
async function titleAt(path: string, title: string) {
  const view = renderRoutes(routes, path);
  await waitFor(() => expect(document.title).toBe(title));
  return view;
}

describe("browser-tab titles", () => {
  it("gives each page of the app its own title", async () => {
    stubPages();
    const cases: Array<[string, "none" | "user" | "admin", string]> = [
      ["/login", "none", "Log in · Visa Letter Portal"],
      ["/register", "none", "Create an account · Visa Letter Portal"],
      ["/forgot-password", "none", "Forgot password · Visa Letter Portal"],
      ["/reset-password/tok", "none", "Reset password · Visa Letter Portal"],
      ["/verify-email/tok", "none", "Verify e-mail address · Visa Letter Portal"],
      ["/verify/VL-2030-ABCD", "none", "Verify a letter · Visa Letter Portal"],
      ["/verify", "none", "Verify a letter · Visa Letter Portal"],
      ["/", "user", "My applications · Visa Letter Portal"],
      ["/applications/new", "user", "New application · Visa Letter Portal"],
      ["/admin", "admin", "Applications · Visa Letter Portal"],
      ["/admin/meetings", "admin", "Manage meetings · Visa Letter Portal"],
      ["/admin/users", "admin", "Manage users · Visa Letter Portal"],
      ["/admin/letters", "admin", "Letter settings · Visa Letter Portal"],
    ];
    for (const [path, who, title] of cases) {
      localStorage.clear();
      if (who !== "none") saveSession({ token: "t.k.n", userId: "u1", userRole: who });
      const view = await titleAt(path, title);
      view.unmount();
    }
  });

  it("names the meeting on the applicant's application page", async () => {
    saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
    stubPages();
    await titleAt("/applications/a1", "Dallas 2030 · Application details · Visa Letter Portal");
  });

  it("names the applicant and meeting on the review page, never a passport number or birthdate", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    stubPages();
    const { router } = await titleAt(
      "/admin/applications/a1",
      "Ana Silva, Dallas 2030 · Review application · Visa Letter Portal",
    );
    expect(document.title).not.toContain(application.passportNumber);
    expect(document.title).not.toMatch(/1990|01\/31/);

    // Leaving the page drops its detail: the list's tab is not named after the last request seen.
    await router.navigate("/admin");
    await waitFor(() => expect(document.title).toBe("Applications · Visa Letter Portal"));
    await router.navigate(-1);
    await waitFor(() =>
      expect(document.title).toBe("Ana Silva, Dallas 2030 · Review application · Visa Letter Portal"),
    );
    expect(screen.getByRole("heading", { name: "Application Details" })).toBeInTheDocument();

    // 'Approve & next' and the review bar's next go to another request: the tab follows.
    await router.navigate("/admin/applications/a2");
    await waitFor(() =>
      expect(document.title).toBe("Bruno Costa, Dallas 2030 · Review application · Visa Letter Portal"),
    );
  });
});
