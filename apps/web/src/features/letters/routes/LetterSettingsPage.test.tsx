import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DEFAULT_LETTER_TEMPLATE, type OrganisationDto } from "@visa/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { announced, findAnnounced, type RecordedRequest, renderRoutes, stubApi } from "../../../lib/testing";
import LetterSettingsPage from "./LetterSettingsPage";

const organisation: OrganisationDto = {
  name: "Standards Org",
  address: "1 Way\nTown",
  contact: "visa@example.org",
  signatoryName: "Jane Doe",
  signatoryTitle: "Secretary",
  paperSize: "A4",
  hasLogo: false,
  hasSignature: false,
  certificate: {
    subject: "CN=Standards Org, O=Standards Org",
    issuer: "CN=Standards Org, O=Standards Org",
    validFrom: "2026-01-01T00:00:00.000Z",
    validTo: "2036-01-01T00:00:00.000Z",
    selfSigned: true,
    generated: true,
  },
  updatedAt: "2026-01-01T00:00:00.000Z",
};
const meeting = {
  _id: "m1",
  name: "Plenary 2030",
  location: "Orlando",
  startDate: "",
  endDate: "",
  isActive: true,
};
const template = { meetingId: "m1", ...DEFAULT_LETTER_TEMPLATE, isDefault: true, updatedAt: null };

function stub(extra: Record<string, (req: RecordedRequest) => { status?: number; json?: unknown }> = {}) {
  return stubApi({
    "GET /api/letters/organisation": { json: organisation },
    "GET /api/meetings": { json: [meeting] },
    "GET /api/letters/templates/m1": { json: template },
    ...extra,
  });
}

const render = () =>
  renderRoutes([{ path: "/admin/letters", element: <LetterSettingsPage /> }], "/admin/letters");

// jsdom cannot make object URLs; the page only needs one to hand to the iframe.
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
  vi.unstubAllGlobals();
});

describe("LetterSettingsPage", () => {
  it("shows the organisation and saves its details", async () => {
    const { calls } = stub({
      "PUT /api/letters/organisation": (req) => ({ json: { ...organisation, ...(req.body as object) } }),
    });
    render();
    const form = await screen.findByRole("form", { name: "Organisation details" });
    const name = within(form).getByLabelText(/Organisation name/);
    expect(name).toHaveValue("Standards Org");
    await userEvent.clear(name);
    await userEvent.type(name, "Société Internationale");
    await userEvent.selectOptions(within(form).getByLabelText("Paper size"), "Letter");
    await userEvent.click(within(form).getByRole("button", { name: "Save details" }));
    expect(await screen.findByText("Organisation details saved")).toBeInTheDocument();
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toMatchObject({
      name: "Société Internationale",
      paperSize: "Letter",
      signatoryName: "Jane Doe",
    });
    expect(screen.getByText(/certificate the portal generated/)).toBeInTheDocument();
    // Part of the page as it opens: the answer to Save is announced, not this.
    expect(announced("polite")).toEqual(["Organisation details saved"]);
  });

  it("keeps the details being typed when a logo is uploaded before they are saved", async () => {
    stub({
      "POST /api/letters/organisation/logo": () => ({
        json: { ...organisation, hasLogo: true, updatedAt: "2026-01-02T00:00:00.000Z" },
      }),
      "GET /api/letters/organisation/logo": () => ({ json: {} }),
    });
    render();
    const form = await screen.findByRole("form", { name: "Organisation details" });
    const name = within(form).getByLabelText(/Organisation name/);
    const address = within(form).getByLabelText(/Address/);
    await userEvent.clear(name);
    await userEvent.type(name, "Ελληνικός Οργανισμός");
    await userEvent.clear(address);
    await userEvent.type(address, "Kifisias 123{Enter}Athens");

    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "logo.png", { type: "image/png" });
    await userEvent.upload(screen.getByLabelText("New logo (PNG or JPEG)"), logo);
    await userEvent.click(screen.getByRole("button", { name: "Upload logo" }));
    expect(await screen.findByRole("button", { name: "Remove logo" })).toBeInTheDocument();

    const after = screen.getByRole("form", { name: "Organisation details" });
    expect(within(after).getByLabelText(/Organisation name/)).toHaveValue("Ελληνικός Οργανισμός");
    expect(within(after).getByLabelText(/Address/)).toHaveValue("Kifisias 123\nAthens");
  });

  it("says a logo was uploaded or removed and keeps focus on the logo's file field", async () => {
    stub({
      "POST /api/letters/organisation/logo": () => ({
        json: { ...organisation, hasLogo: true, updatedAt: "2026-01-02T00:00:00.000Z" },
      }),
      "DELETE /api/letters/organisation/logo": () => ({
        json: { ...organisation, hasLogo: false, updatedAt: "2026-01-03T00:00:00.000Z" },
      }),
      "GET /api/letters/organisation/logo": () => ({ json: {} }),
    });
    render();
    const field = await screen.findByLabelText("New logo (PNG or JPEG)");
    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "logo.png", { type: "image/png" });
    await userEvent.upload(field, logo);
    screen.getByRole("button", { name: "Upload logo" }).focus();
    await userEvent.keyboard("{Enter}");
    // Upload is disabled again once the file is stored, and Remove goes when the logo does: focus
    // would fall to the page's top.
    expect(await screen.findByText("Logo uploaded")).toBeInTheDocument();
    expect(announced("polite").at(-1)).toBe("Logo uploaded");
    await waitFor(() => expect(field).toHaveFocus());
    screen.getByRole("button", { name: "Remove logo" }).focus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByText("Logo removed")).toBeInTheDocument();
    expect(announced("polite").slice(-2)).toEqual(["Logo uploaded", "Logo removed"]);
    await waitFor(() => expect(field).toHaveFocus());
  });

  it("tells the upload limit and that large images are scaled down, beside each image's field", async () => {
    stub();
    render();
    for (const which of ["logo", "signature"]) {
      const input = await screen.findByLabelText(`New ${which} (PNG or JPEG)`);
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining(
          "Up to 10 MB. A larger picture is stored scaled down to what prints sharp on the letter (300 dpi)",
        ),
      );
    }
  });

  it("refuses an image over the limit before sending it, saying its size as the server does", async () => {
    const { calls } = stub();
    render();
    const photo = new File([new Uint8Array(12 * 1024 * 1024)], "IMG_2041.jpg", { type: "image/jpeg" });
    await userEvent.upload(await screen.findByLabelText("New signature (PNG or JPEG)"), photo);
    await userEvent.click(screen.getByRole("button", { name: "Upload signature" }));
    expect(await screen.findByText("The file must be at most 10 MB; this one is 12 MB")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("shows the server's refusal of a detail beside that field, by its label", async () => {
    stub({
      "PUT /api/letters/organisation": () => ({
        status: 400,
        json: {
          message:
            "signatoryName has characters the letter cannot print (王 伟): write it in Latin, Greek, Cyrillic, Armenian or Georgian letters",
          fields: ["signatoryName"],
        },
      }),
    });
    render();
    const form = await screen.findByRole("form", { name: "Organisation details" });
    const signatory = within(form).getByLabelText(/Signatory name/);
    await userEvent.clear(signatory);
    await userEvent.type(signatory, "王伟");
    await userEvent.click(within(form).getByRole("button", { name: "Save details" }));
    expect(
      await within(form).findByText(
        "Signatory name has characters the letter cannot print (王 伟): write it in Latin, Greek, Cyrillic, Armenian or Georgian letters",
      ),
    ).toBeInTheDocument();
    expect(signatory).toHaveAttribute("aria-invalid", "true");
    expect(within(form).queryByText(/signatoryName/)).not.toBeInTheDocument();
  });

  it("refuses an unknown placeholder before sending, and shows the server's refusal too", async () => {
    const { calls } = stub({
      "PUT /api/letters/templates/m1": () => ({ status: 400, json: { message: "Meeting is locked" } }),
    });
    render();
    const form = await screen.findByRole("form", { name: "Letter template" });
    const body = within(form).getByLabelText(/Letter text/);
    await userEvent.clear(body);
    await userEvent.type(body, "Hello {{{{venue}}");
    await userEvent.click(within(form).getByRole("button", { name: "Save template" }));
    expect(await within(form).findByText(/Unknown placeholder \{\{venue\}\}/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    await userEvent.clear(body);
    await userEvent.type(body, "Hello {{{{fullName}}");
    await userEvent.click(within(form).getByRole("button", { name: "Save template" }));
    expect(await findAnnounced("assertive", form)).toHaveTextContent("Meeting is locked");
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      addressee: template.addressee,
      body: "Hello {{fullName}}",
    });
  });

  it("previews the template as a PDF in the page before saving", async () => {
    const { calls } = stub({ "POST /api/letters/preview": () => ({ json: { pdf: true } }) });
    render();
    const form = await screen.findByRole("form", { name: "Letter template" });
    await userEvent.click(within(form).getByRole("button", { name: "Preview PDF" }));
    const frame = await screen.findByTitle("Letter preview");
    expect(frame).toHaveAttribute("src", "blob:preview");
    expect(screen.getByRole("link", { name: "Open the preview in a new tab" })).toHaveAttribute(
      "target",
      "_blank",
    );
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      meetingId: "m1",
      body: template.body,
    });
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });
});
