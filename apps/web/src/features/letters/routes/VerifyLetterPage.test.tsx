import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes, stubApi } from "../../../lib/testing";
import VerifyLetterPage from "./VerifyLetterPage";

const REF = "VL-7K3M-9QX2-HB4T-R8WZ";
const letter = (status: "valid" | "revoked") => ({
  reference: REF,
  status,
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

const render = (reference = REF) =>
  renderRoutes([{ path: "/verify/:reference", element: <VerifyLetterPage /> }], `/verify/${reference}`);

afterEach(() => vi.unstubAllGlobals());

describe("VerifyLetterPage", () => {
  it("confirms a valid letter with its name, meeting and calendar dates, without a session", async () => {
    const { calls } = stubApi({ [`GET /api/verify/${REF}`]: { json: letter("valid") } });
    render();
    expect(await screen.findByText("This letter is valid.")).toBeInTheDocument();
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
      await screen.findByText("This letter has been revoked and is no longer valid."),
    ).toBeInTheDocument();
  });

  it("shows the server's neutral message for an unknown reference, and checks another one", async () => {
    const message = "No letter with this reference was found. Check the reference and try again.";
    const { calls } = stubApi({
      "GET /api/verify/VL-0000-0000-0000-0000": { status: 404, json: { message } },
      [`GET /api/verify/${REF}`]: { json: letter("valid") },
    });
    render("VL-0000-0000-0000-0000");
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    await userEvent.type(screen.getByLabelText("Check another reference"), REF);
    await userEvent.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText("This letter is valid.")).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain(`/api/verify/${REF}`);
  });
});
