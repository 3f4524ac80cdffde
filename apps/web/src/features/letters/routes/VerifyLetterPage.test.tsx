import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { LetterVerificationDto } from "@visa/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { routes } from "../../../app/routes";
import { announced, findAnnounced, renderRoutes, stubApi } from "../../../lib/testing";
import VerifyLetterPage from "./VerifyLetterPage";

const REF = "VL-7K3M-9QX2-HB4T-R8WZ";
const FILE = new TextEncoder().encode("%PDF-1.7 the issued letter");
const FILE_SHA256 = "5d0a3ad7f1e1ce5d1c7d4c9ee8e27b8a5a4ddb86a1b0b1e1f1b8d1e2f7f0c5a1";
const letter = (status: "valid" | "revoked", sha256 = FILE_SHA256) => ({
  reference: REF,
  status,
  revokedAt: status === "revoked" ? "2026-02-03T15:00:00.000Z" : null,
  revocationReason: status === "revoked" ? "superseded" : null,
  sha256,
  organisation: {
    name: "Standards Org",
    address: "1 Way\nTown",
    contact: "visa@example.org",
    hasLogo: false,
    asOf: "letter",
    changedSince: false,
    logoReplaced: false,
  },
  fullName: "Nguyễn Thị Minh Khai",
  meeting: {
    name: "Plenary 2030",
    location: "Orlando, FL",
    startDate: "2030-03-02T00:00:00.000Z",
    endDate: "2030-03-07T00:00:00.000Z",
  },
  dateOfArrival: "2030-03-01T00:00:00.000Z",
  dateOfDeparture: "2030-03-08T00:00:00.000Z",
  issuedOn: "2026-01-15T00:00:00.000Z",
});

const withIssuer = (over: Partial<LetterVerificationDto["organisation"]>) => {
  const valid = letter("valid");
  return { ...valid, organisation: { ...valid.organisation, ...over } };
};

const render = (reference = REF) =>
  renderRoutes([{ path: "/verify/:reference", element: <VerifyLetterPage /> }], `/verify/${reference}`);

afterEach(() => vi.unstubAllGlobals());

describe("VerifyLetterPage", () => {
  it("confirms a valid letter with its name, meeting and calendar dates, without a session", async () => {
    const { calls } = stubApi({ [`GET /api/verify/${REF}`]: { json: letter("valid") } });
    render();
    expect(await screen.findByText("This letter is valid.")).toBeInTheDocument();
    expect(announced("polite")).toEqual(["This letter is valid."]);
    expect(screen.getByText("Nguyễn Thị Minh Khai")).toBeInTheDocument();
    expect(screen.getByText("Plenary 2030")).toBeInTheDocument();
    expect(screen.getByText("March 2, 2030 – March 7, 2030")).toBeInTheDocument();
    expect(screen.getByText("March 1, 2030")).toBeInTheDocument();
    expect(screen.getByText("January 15, 2026")).toBeInTheDocument();
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it("says plainly when a letter was revoked", async () => {
    stubApi({ [`GET /api/verify/${REF}`]: { json: letter("revoked") } });
    render();
    expect(
      await screen.findByText(
        "This letter was revoked on February 3, 2026 and is no longer valid. The letter was replaced by a newer letter after the applicant's details changed.",
      ),
    ).toBeInTheDocument();
  });

  it("names the issuer and shows the file's SHA-256", async () => {
    stubApi({ [`GET /api/verify/${REF}`]: { json: letter("valid") } });
    render();
    expect(await screen.findByText("Issued by Standards Org")).toBeInTheDocument();
    expect(screen.getByText("Contact: visa@example.org")).toBeInTheDocument();
    expect(screen.getByText(FILE_SHA256)).toBeInTheDocument();
  });

  it("shows the letter's own logo, and no note while the issuer is as the letter printed it", async () => {
    stubApi({ [`GET /api/verify/${REF}`]: { json: withIssuer({ hasLogo: true }) } });
    const { container } = render();
    expect(await screen.findByText("Issued by Standards Org")).toBeInTheDocument();
    expect(container.querySelector("img")?.getAttribute("src")).toBe(`/api/verify/${REF}/logo`);
    expect(screen.queryByText(/have changed since/)).toBeNull();
  });

  it("says the issuer changed since the letter, which it names as printed, without the replaced logo", async () => {
    stubApi({
      [`GET /api/verify/${REF}`]: { json: withIssuer({ changedSince: true, logoReplaced: true }) },
    });
    const { container } = render();
    expect(await screen.findByText("Issued by Standards Org")).toBeInTheDocument();
    expect(
      screen.getByText(
        "The issuer's details have changed since this letter was issued; its name and address are shown as the letter printed them. The logo printed on the letter has since been replaced, so it is not shown.",
      ),
    ).toBeInTheDocument();
    expect(container.querySelector("img")).toBeNull();
  });

  it("says when the issuer's details are today's, for a letter issued before the page kept them", async () => {
    stubApi({ [`GET /api/verify/${REF}`]: { json: withIssuer({ asOf: "today" }) } });
    render();
    const note = await screen.findByText(/these are the issuer's details today, which may differ/);
    // An upgrade knows only that the organisation's settings were saved after the letter was
    // issued (a contact or signatory alone will do), not that the name or address changed.
    expect(note).toHaveTextContent(
      "This letter was issued before this page kept the issuer's details as the letter printed them, and the organisation's settings were edited after it was issued: these are the issuer's details today, which may differ from the letter.",
    );
  });

  it("hashes a chosen PDF in the browser, without sending it, and says whether it is the issued file", async () => {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", FILE));
    const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
    const { calls } = stubApi({ [`GET /api/verify/${REF}`]: { json: letter("valid", hex) } });
    render();
    const input = await screen.findByLabelText(/Drop the letter's PDF here/);
    await userEvent.upload(input, new File([FILE], "letter.pdf", { type: "application/pdf" }));
    expect(await screen.findByText("letter.pdf is exactly the file that was issued.")).toBeInTheDocument();
    expect(announced("polite")).toContain("letter.pdf is exactly the file that was issued.");
    const tampered = new Uint8Array(FILE);
    tampered[10] = 0x21;
    await userEvent.upload(input, new File([tampered], "changed.pdf", { type: "application/pdf" }));
    expect(await screen.findByText(/changed\.pdf is not the file that was issued/)).toBeInTheDocument();
    // The same line, its words changed: read again.
    expect(await findAnnounced("polite")).toHaveTextContent(/^changed\.pdf is not the file that was issued/);
    expect(calls).toHaveLength(1);
  });

  it("checks a passport number and shows only match or no match", async () => {
    const { calls } = stubApi({
      [`GET /api/verify/${REF}`]: { json: letter("valid") },
      [`POST /api/verify/${REF}/passport`]: { json: { match: false } },
    });
    render();
    await userEvent.type(await screen.findByLabelText("Passport number"), "X 123");
    await userEvent.click(screen.getByRole("button", { name: "Check number" }));
    expect(await screen.findByText("This passport number does not match the letter.")).toBeInTheDocument();
    expect(announced("polite").at(-1)).toBe("This passport number does not match the letter.");
    expect(calls.at(-1)?.body).toEqual({ passportNumber: "X 123" });
  });

  it("shows the server's neutral message for an unknown reference, and checks another one", async () => {
    const message = "No letter with this reference was found. Check the reference and try again.";
    const { calls } = stubApi({
      "GET /api/verify/VL-0000-0000-0000-0000": { status: 404, json: { message } },
      [`GET /api/verify/${REF}`]: { json: letter("valid") },
    });
    render("VL-0000-0000-0000-0000");
    expect(await findAnnounced("assertive")).toHaveTextContent(message);
    await userEvent.type(screen.getByLabelText("Check another reference"), REF);
    await userEvent.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText("This letter is valid.")).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain(`/api/verify/${REF}`);
  });

  it("offers a form to type the reference at /verify, without signing in", async () => {
    // A PDF reader links only the first line of the printed address when it wraps after /verify/.
    const { calls } = stubApi({ [`GET /api/verify/${REF}`]: { json: letter("valid") } });
    for (const path of ["/verify", "/verify/"]) {
      const view = renderRoutes(routes, path);
      const field = await screen.findByLabelText("Letter reference");
      expect(screen.queryByRole("button", { name: /log in|sign in/i })).toBeNull();
      expect(view.router.state.location.pathname).toBe(path);
      view.unmount();
      expect(field).not.toBeInTheDocument();
    }
    expect(calls).toEqual([]);
    renderRoutes(routes, "/verify");
    await userEvent.type(
      await screen.findByLabelText("Letter reference"),
      `Reference: ${REF.toLowerCase()}.`,
    );
    await userEvent.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText("This letter is valid.")).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual([`/api/verify/${REF}`]);
  });

  it("shows the reference as the letter prints it, however it was typed", async () => {
    const typed = "vl 7k3m 9qx2 hb4t r8wz";
    stubApi({ [`GET /api/verify/${encodeURIComponent(typed)}`]: { json: letter("valid") } });
    render(encodeURIComponent(typed));
    expect(await screen.findByText("This letter is valid.")).toBeInTheDocument();
    expect(screen.getByText(`Reference ${REF}`)).toBeInTheDocument();
  });

  it("opens a pasted verification link or a copied reference in its canonical form", async () => {
    const other = "VL-0000-0000-0000-0001";
    const { calls } = stubApi({
      [`GET /api/verify/${REF}`]: { json: letter("valid") },
      [`GET /api/verify/${other}`]: { json: { ...letter("valid"), reference: other } },
    });
    const { router } = render();
    await screen.findByText("This letter is valid.");
    await userEvent.type(
      screen.getByLabelText("Check another reference"),
      `https://letters.example.org/verify/${other.toLowerCase().replace(/-/g, "\u2013")}`,
    );
    await userEvent.click(screen.getByRole("button", { name: "Check" }));
    await screen.findByText(`Reference ${other}`);
    expect(router.state.location.pathname).toBe(`/verify/${other}`);
    expect(calls.map((c) => c.path)).toEqual([`/api/verify/${REF}`, `/api/verify/${other}`]);
  });

  it("never shows a revoked letter's matching file or passport number as good news", async () => {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", FILE));
    const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
    stubApi({
      [`GET /api/verify/${REF}`]: { json: letter("revoked", hex) },
      [`POST /api/verify/${REF}/passport`]: { json: { match: true } },
    });
    render();
    const input = await screen.findByLabelText(/Drop the letter's PDF here/);
    await userEvent.upload(input, new File([FILE], "letter.pdf", { type: "application/pdf" }));
    const file = await screen.findByText(/^letter\.pdf is exactly the file that was issued/);
    expect(file).toHaveTextContent(
      "letter.pdf is exactly the file that was issued, but this letter has been revoked and is no longer valid.",
    );
    expect(file.className).not.toMatch(/green/);
    await userEvent.type(screen.getByLabelText("Passport number"), "X123");
    await userEvent.click(screen.getByRole("button", { name: "Check number" }));
    const passport = await screen.findByText(/^This passport number matches the letter/);
    expect(passport).toHaveTextContent(
      "This passport number matches the letter, but this letter has been revoked and is no longer valid.",
    );
    expect(passport.className).not.toMatch(/green/);
  });

  it("says a file that is not a PDF, such as a scan, cannot be checked here", async () => {
    const { calls } = stubApi({ [`GET /api/verify/${REF}`]: { json: letter("valid") } });
    render();
    const input = await screen.findByLabelText(/Drop the letter's PDF here/);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
    await userEvent.upload(input, new File([jpeg], "scan.jpg", { type: "image/jpeg" }), {
      applyAccept: false,
    });
    expect(
      await screen.findByText(
        "scan.jpg is not a PDF file. Only the PDF file itself can be checked here: compare a scan or a printout with the details above.",
      ),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it("answers for a file far larger than any letter without reading it all", async () => {
    stubApi({ [`GET /api/verify/${REF}`]: { json: letter("valid") } });
    const digest = vi.spyOn(crypto.subtle, "digest");
    render();
    const input = await screen.findByLabelText(/Drop the letter's PDF here/);
    const huge = new Uint8Array(21 * 1024 * 1024);
    huge.set(new TextEncoder().encode("%PDF-1.7"));
    await userEvent.upload(input, new File([huge], "huge.pdf", { type: "application/pdf" }));
    expect(
      await screen.findByText(
        "huge.pdf is not the file that was issued: it has been changed or is another letter.",
      ),
    ).toBeInTheDocument();
    expect(digest).not.toHaveBeenCalled();
  });

  it("names another letter's reference when its PDF is dropped, with a link to its own page", async () => {
    stubApi({ [`GET /api/verify/${REF}`]: { json: letter("revoked") } });
    render();
    const input = await screen.findByLabelText(/Drop the letter's PDF here/);
    const newer = new TextEncoder().encode(
      "%PDF-1.7 ... /Reason (Letter of invitation VL-0000-0000-0000-0001) /ContactInfo (x)",
    );
    await userEvent.upload(input, new File([newer], "newer.pdf", { type: "application/pdf" }));
    expect(
      await screen.findByText(
        "newer.pdf is not the file that was issued under this reference: it is the letter VL-0000-0000-0000-0001.",
      ),
    ).toBeInTheDocument();
    expect(announced("polite").at(-1)).toBe(
      "newer.pdf is not the file that was issued under this reference: it is the letter VL-0000-0000-0000-0001. Check letter VL-0000-0000-0000-0001",
    );
    expect(screen.getByRole("link", { name: "Check letter VL-0000-0000-0000-0001" })).toHaveAttribute(
      "href",
      "/verify/VL-0000-0000-0000-0001",
    );
  });
});
