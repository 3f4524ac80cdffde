import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { announced, renderAt, stubApi } from "../../../lib/testing";
import { VerifyAddressNotice } from "./VerifyAddressNotice";

const NOTICE =
  "Please verify your e-mail address ana@example.com: open the link we e-mailed you. Requests the secretariat imported for this address are waiting for verification and will appear here once it is verified.";

describe("the notice to verify the e-mail address", () => {
  it("is read with the page, not announced each time the page opens", async () => {
    stubApi({});
    renderAt("/", <VerifyAddressNotice email="ana@example.com" />);
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    expect(announced("polite")).toEqual([]);
    expect(announced("assertive")).toEqual([]);
  });

  it("tells screen readers that the link was sent again, without reading the whole notice", async () => {
    stubApi({
      "POST /api/auth/resend-verification": {
        json: { message: "We sent a new verification link to your e-mail address." },
      },
    });
    renderAt("/", <VerifyAddressNotice email="ana@example.com" />);
    await userEvent.click(screen.getByRole("button", { name: "Resend verification e-mail" }));
    expect(
      await screen.findByText("We sent a new verification link to your e-mail address."),
    ).toBeInTheDocument();
    expect(announced("polite")).toEqual(["We sent a new verification link to your e-mail address."]);
    expect(announced("assertive")).toEqual([]);
  });

  it("tells a refusal at once", async () => {
    stubApi({
      "POST /api/auth/resend-verification": {
        status: 429,
        json: { message: "Too many requests. Try again later." },
      },
    });
    renderAt("/", <VerifyAddressNotice email="ana@example.com" />);
    await userEvent.click(screen.getByRole("button", { name: "Resend verification e-mail" }));
    expect(await screen.findByText("Too many requests. Try again later.")).toBeInTheDocument();
    expect(announced("assertive")).toEqual(["Too many requests. Try again later."]);
    expect(announced("polite")).toEqual([]);
  });
});
