import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "../../../lib/query-keys";
import { saveSession } from "../../../lib/session";
import { renderAt, stubApi } from "../../../lib/testing";
import { applicationDto, me } from "../test-data";
import { NextSteps } from "./NextSteps";

beforeEach(() => saveSession({ token: "t.k.n", userId: "u1", userRole: "user" }));
afterEach(() => vi.unstubAllGlobals());

describe("what happens next, once the request is approved", () => {
  it("tells an account whose address is not verified that the letter follows by e-mail once it is", async () => {
    stubApi({ "GET /api/auth/me": { json: { ...me, emailVerified: false } } });
    const app = applicationDto({ status: "Approved", letterEmailed: false });
    const { queryClient } = renderAt("/", <NextSteps app={app} />);
    await vi.waitFor(() => expect(queryClient.getQueryState(queryKeys.me)?.status).toBe("success"));
    const next = screen.getByRole("region", { name: "What happens next" });
    expect(next).toHaveTextContent(
      "Your letter is ready: download it below (it will also be e-mailed to you once your address is verified) and bring it to your visa appointment.",
    );
    expect(next).not.toHaveTextContent("it was also e-mailed to you");
  });
});
