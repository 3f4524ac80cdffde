import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../../lib/session";
import { renderAt, stubApi } from "../../../../lib/testing";
import { applicationDto } from "../../test-data";
import { DocumentsSection } from "./DocumentsSection";

afterEach(() => vi.unstubAllGlobals());

const MB = 1024 * 1024;

function renderSection() {
  saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
  renderAt("/x", <DocumentsSection app={applicationDto()} canUpload canRemove />);
  return userEvent.setup({ delay: null });
}

describe("uploading a supporting document", () => {
  it("refuses a file over the limit before sending it, saying its size as the server does", async () => {
    const { calls } = stubApi({});
    const user = renderSection();
    expect(screen.getByText("PDF, JPEG or PNG, up to 10 MB.")).toBeInTheDocument();
    const scan = new File([new Uint8Array(15 * MB)], "passport-scan.pdf", { type: "application/pdf" });
    await user.upload(screen.getByLabelText("Upload a document"), scan);
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText("The file must be at most 10 MB; this one is 15 MB")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's own words when the server refuses the file", async () => {
    const refusal =
      "The documents of one application may total at most 50 MB. Remove one before adding another.";
    stubApi({ "POST /api/upload/a1": { status: 413, json: { message: refusal } } });
    const user = renderSection();
    const scan = new File([new Uint8Array(3 * MB)], "ticket.pdf", { type: "application/pdf" });
    await user.upload(screen.getByLabelText("Upload a document"), scan);
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText(`Failed to upload document: ${refusal}`)).toBeInTheDocument();
  });
});
