import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ApplicationDto } from "@visa/domain";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { saveSession } from "../../../../lib/session";
import { findAnnounced, holdApi, json, renderRoutes, stubApi } from "../../../../lib/testing";
import { applicationDto, me } from "../../test-data";
import { ApplicationDetail } from "./ApplicationDetail";

afterEach(() => vi.unstubAllGlobals());

function renderDetail(admin = false) {
  return renderRoutes([{ path: "/x", element: <ApplicationDetail id="a1" admin={admin} /> }], "/x");
}

/** The owner's pending application in edit mode; Save answers the saved fields. */
async function ownerEditing() {
  saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
  const { calls } = stubApi({
    "GET /api/applications/a1": { json: applicationDto() },
    "PUT /api/applications/a1": (req) => ({ json: { ...applicationDto(), ...(req.body as object) } }),
  });
  renderDetail();
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole("button", { name: "Edit" }));
  return { calls, user };
}

describe("application details", () => {
  it("shows calendar days in US format whatever the time zone, and no Edit once approved", async () => {
    // West of UTC, a UTC-midnight instant read as local time would fall on the day before.
    const tz = process.env.TZ;
    process.env.TZ = "America/Los_Angeles";
    onTestFinished(() => {
      process.env.TZ = tz;
    });
    saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
    stubApi({ "GET /api/applications/a1": { json: applicationDto({ status: "Approved" }) } });
    renderDetail();
    expect(await screen.findByText("01/31/1990")).toBeInTheDocument();
    expect(screen.getByText("03/01/2030")).toBeInTheDocument();
    expect(screen.getAllByText("Brazil", { selector: "dd" })).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Download Visa Letter" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit" })).not.toBeInTheDocument();
  });

  it("offers admins, and only admins, to resend the approved letter by e-mail", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    const { calls } = stubApi({
      "GET /api/applications/a1": { json: applicationDto({ status: "Approved" }) },
      "POST /api/applications/a1/letter/resend": {
        status: 202,
        json: { message: "The letter will be e-mailed shortly" },
      },
    });
    renderDetail(true);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Resend letter by e-mail" }));
    expect(await screen.findByText("The letter will be e-mailed shortly")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("tells admins the applicant's address is unverified and sends a new link on request", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    const owner = { ...applicationDto().userId, emailVerified: false } as ApplicationDto["userId"];
    let sends = 0;
    const { calls } = stubApi({
      "GET /api/applications/a1": { json: applicationDto({ status: "Approved", userId: owner }) },
      "POST /api/users/u1/verification-link": () =>
        ++sends === 1
          ? json({ message: "A verification link was sent to ada@example.org." }, 202)
          : json({ message: "Too many verification e-mails. Please try again in an hour." }, 429),
    });
    renderDetail(true);
    const notice = await screen.findByRole("region", { name: "E-mail address not verified" });
    expect(notice).toHaveTextContent(
      "Ada Lovelace has not verified ada@example.org yet. The portal e-mails them about this request, the letter included, once they do",
    );
    const user = userEvent.setup({ delay: null });
    await user.click(within(notice).getByRole("button", { name: "Send a new verification link" }));
    expect(await findAnnounced("polite")).toHaveTextContent(
      "A verification link was sent to ada@example.org.",
    );
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      "/api/users/u1/verification-link",
    ]);
    await user.click(within(notice).getByRole("button", { name: "Send a new verification link" }));
    expect(await findAnnounced("assertive")).toHaveTextContent(
      "Failed to send the link: Too many verification e-mails. Please try again in an hour.",
    );
  });

  it("says nothing of the address when it is verified, or to the applicant", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    stubApi({ "GET /api/applications/a1": { json: applicationDto() } });
    const admin = renderDetail(true);
    expect(await screen.findByText("São Paulo")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "E-mail address not verified" })).not.toBeInTheDocument();
    admin.unmount();

    saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
    const owner = { ...applicationDto().userId, emailVerified: false } as ApplicationDto["userId"];
    stubApi({ "GET /api/applications/a1": { json: applicationDto({ userId: owner }) } });
    renderDetail();
    expect(await screen.findByRole("button", { name: "Edit" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "E-mail address not verified" })).not.toBeInTheDocument();
  });

  it("shows no resend button to the applicant", async () => {
    saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
    stubApi({ "GET /api/applications/a1": { json: applicationDto({ status: "Approved" }) } });
    renderDetail();
    expect(await screen.findByRole("button", { name: "Download Visa Letter" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Resend letter by e-mail" })).not.toBeInTheDocument();
  });

  it("lets the owner edit a pending one: Cancel drops the draft, Save sends it", async () => {
    const { calls, user } = await ownerEditing();
    expect(screen.getByRole("option", { name: "Prefer not to say" })).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: /^Status/ })).not.toBeInTheDocument();

    const city = screen.getByLabelText(/^City/);
    await user.clear(city);
    await user.type(city, "Recife");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByText("São Paulo")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Edit" }));
    expect(screen.getByLabelText(/^City/)).toHaveValue("São Paulo");
    await user.clear(screen.getByLabelText(/^City/));
    await user.type(screen.getByLabelText(/^City/), "Recife");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Application updated successfully")).toBeInTheDocument();
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toMatchObject({ city: "Recife", birthdate: "1990-01-31T00:00:00.000Z" });
    expect(put?.body).not.toHaveProperty("status");
  }, 30_000);

  it("asks nothing an applicant may not read while they edit (the rejection reasons are admins')", async () => {
    const { calls, user } = await ownerEditing();
    await user.clear(screen.getByLabelText(/^City/));
    await user.type(screen.getByLabelText(/^City/), "Recife");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Application updated successfully")).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).not.toContain("GET /api/rejection-reasons");
  }, 30_000);

  it("saves the draft to the version it was made from, and keeps it when that version is gone", async () => {
    saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
    const { calls } = stubApi({
      "GET /api/applications/a1": { json: applicationDto() },
      "PUT /api/applications/a1": {
        status: 412,
        json: {
          message:
            "Someone changed this application after you opened it, so nothing was saved. Choose Cancel to see the current version, then edit it again.",
        },
      },
    });
    renderDetail();
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByLabelText("Upload a document")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Edit" }));
    // Documents wait until the edit is saved or cancelled.
    expect(screen.queryByLabelText("Upload a document")).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^City/));
    await user.type(screen.getByLabelText(/^City/), "Recife");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText(/Someone changed this application after you opened it/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^City/)).toHaveValue("Recife");
    expect(calls.find((c) => c.method === "PUT")?.headers).toMatchObject({
      "if-match": '"2030-01-05T15:00:00.000Z"',
    });
  }, 30_000);

  it("checks the dates against each other before sending, as the server does", async () => {
    const { calls, user } = await ownerEditing();
    const departure = screen.getByLabelText(/^Date of Departure/);
    await user.clear(departure);
    await user.type(departure, "2030-02-20");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Departure must be on or after arrival")).toBeInTheDocument();
    await user.clear(departure);
    await user.type(departure, "2033-01-10");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("Passport must be valid for the entire duration of stay"),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
  }, 30_000);

  it("gives admins the status and mailing fields in admin mode", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    const { calls } = stubApi({
      "GET /api/applications/a1": {
        json: applicationDto({
          lastUpdatedBy: { firstName: "Sam", lastName: "Lee", email: "sam@example.com" },
        }),
      },
      "PUT /api/applications/a1": { json: applicationDto({ status: "Approved" }) },
    });
    renderDetail(true);
    expect(await screen.findByText(/Sam Lee \(sam@example.com\)/)).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.selectOptions(screen.getByLabelText(/^Status/), "Approved");
    await user.click(screen.getByLabelText("Letter emailed"));
    await user.type(screen.getByLabelText(/^Letter Mailed Date/), "2030-02-01");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Application updated successfully");
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      status: "Approved",
      letterEmailed: true,
      letterEmailedDate: "2030-02-01T00:00:00.000Z",
      hardCopyMailedDate: null,
    });
  }, 30_000);

  it("asks the reason when an admin's edit rejects the request, and sends it with the edit", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    const { calls } = stubApi({
      "GET /api/applications/a1": { json: applicationDto() },
      "PUT /api/applications/a1": { json: applicationDto({ status: "Rejected" }) },
    });
    renderDetail(true);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    await user.selectOptions(screen.getByLabelText(/^Status/), "Rejected");
    await user.click(screen.getByRole("button", { name: "Save" }));
    const dialog = await screen.findByRole("dialog", { name: /^Reject / });
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Reason for the applicant/), "Passport expired");
    await user.click(within(dialog).getByRole("button", { name: "Reject and save" }));
    await screen.findByText("Application updated successfully");
    const puts = calls.filter((c) => c.method === "PUT");
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toMatchObject({ status: "Rejected", reason: "Passport expired" });
  }, 30_000);

  it("tells apart a missing application from a failed fetch", async () => {
    saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
    stubApi({ "GET /api/applications/a1": { status: 404, json: { message: "Application not found" } } });
    renderDetail();
    expect(await findAnnounced("assertive")).toHaveTextContent("Application not found");
  });
});

describe("the page's Back", () => {
  /** The list's place as the admin list writes it into a View link. */
  const PLACE = "?meeting=m1&status=pending&warnings=1&sort=createdAt&dir=desc&size=25&page=3";

  function renderAdminPage(query: string) {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    return renderRoutes(
      [
        { path: "/admin/applications/a1", element: <ApplicationDetail id="a1" admin /> },
        { path: "/admin", element: <p>The list</p> },
      ],
      `/admin/applications/a1${query}`,
    );
  }

  it("is named Back, its arrow unread, and takes the applicant to their applications", async () => {
    saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
    stubApi({ "GET /api/applications/a1": { json: applicationDto() } });
    renderDetail();
    await screen.findByRole("button", { name: "Edit" });
    const back = screen.getByRole("link", { name: "Back" });
    expect(back).toHaveAttribute("href", "/");
    expect(within(back).getByText("←")).toHaveAttribute("aria-hidden", "true");
  });

  it("keeps the admin list's place while the request loads", async () => {
    holdApi();
    const view = renderAdminPage(PLACE);
    expect(screen.getByText("Loading application...")).toBeInTheDocument();
    const back = screen.getByRole("link", { name: "Back to the list" });
    expect(back).toHaveAttribute("href", `/admin${PLACE}`);
    await userEvent.click(back);
    await screen.findByText("The list");
    expect(view.router.state.location.search).toBe(PLACE);
  });

  it("keeps the admin list's place when the request cannot be fetched", async () => {
    stubApi({ "GET /api/applications/a1": { status: 500, json: { message: "Internal error" } } });
    renderAdminPage(PLACE);
    expect(await findAnnounced("assertive")).toHaveTextContent("Failed to fetch application");
    expect(screen.getByRole("link", { name: "Back to the list" })).toHaveAttribute("href", `/admin${PLACE}`);
  });

  it("goes to the plain list when the page was opened from no list", async () => {
    stubApi({ "GET /api/applications/a1": { status: 404, json: { message: "Application not found" } } });
    renderAdminPage("");
    expect(await findAnnounced("assertive")).toHaveTextContent("Application not found");
    expect(screen.getByRole("link", { name: "Back to the list" })).toHaveAttribute("href", "/admin");
  });
});

describe("an approved letter not yet e-mailed", () => {
  /**
   * How often the page asked for the application in the half minute after it opened, for a
   * viewer (the owner or an admin) whose own address is verified or not; `owner` is the
   * application's owner as the server presents it (null: imported, mailed to the file's address).
   */
  async function readsInHalfAMinute({
    viewer,
    viewerVerified,
    owner,
  }: {
    viewer: "owner" | "admin";
    viewerVerified: boolean;
    owner: { emailVerified: boolean } | null;
  }) {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const admin = viewer === "admin";
    saveSession({ token: "t.k.n", userId: admin ? "admin1" : "u1", userRole: admin ? "admin" : "user" });
    const base = applicationDto({ status: "Approved", letterEmailed: false });
    const userId = owner && base.userId ? { ...base.userId, ...owner } : null;
    const { calls } = stubApi({
      "GET /api/applications/a1": { json: { ...base, userId } },
      "GET /api/auth/me": {
        json: admin
          ? { ...me, _id: "admin1", isAdmin: true, role: "admin", emailVerified: viewerVerified }
          : { ...me, emailVerified: viewerVerified },
      },
    });
    renderDetail(admin);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByRole("button", { name: "Download Visa Letter" })).toBeInTheDocument();
    return calls.filter((c) => c.method === "GET" && c.path === "/api/applications/a1").length;
  }

  // [what, viewer, the viewer's own address verified, the owner (null: imported), looked for again]
  it.each([
    ["the owner's, on its way to their verified address", "owner", true, { emailVerified: true }, true],
    ["the owner's, while their address is unverified", "owner", false, { emailVerified: false }, false],
    ["an admin's, while the owner's address is unverified", "admin", true, { emailVerified: false }, false],
    [
      "an unverified admin's, on its way to the owner's address",
      "admin",
      false,
      { emailVerified: true },
      true,
    ],
    ["an admin's, imported without an owner: to the file's address", "admin", true, null, true],
  ] as const)("page: %s", async (_, viewer, viewerVerified, owner, lookedFor) => {
    const reads = await readsInHalfAMinute({ viewer, viewerVerified, owner });
    if (lookedFor) expect(reads).toBeGreaterThan(1);
    else expect(reads).toBe(1);
  });
});
