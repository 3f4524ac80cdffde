import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findAnnounced, holdApi, json, liveRegionOf, stubApi } from "../../../lib/testing";
import { ImportDialog } from "./ImportDialog";

const RESULT = { total: 1, successful: 1, updated: 0, failed: 0, updatedRecords: [], errors: [] };

function open() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ImportDialog open meeting={null} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

const csv = (name = "people.csv") => new File(["email,lastName\n"], name, { type: "text/csv" });

afterEach(() => vi.unstubAllGlobals());

describe("ImportDialog", () => {
  it("asks for a file before sending anything", async () => {
    const network = stubApi({});
    open();
    await userEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(screen.getByText("Please select a file to import")).toBeInTheDocument();
    expect(network.calls).toHaveLength(0);
  });

  it("accepts only .csv files and refuses others even when the picker filter is bypassed", async () => {
    const network = stubApi({});
    open();
    const picker = screen.getByLabelText("CSV file");
    expect(picker).toHaveAttribute("accept", ".csv");
    await userEvent.upload(picker, new File(["x"], "people.xlsx"), { applyAccept: false });
    await userEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(screen.getByText("Only .csv files can be imported")).toBeInTheDocument();
    expect(network.calls).toHaveLength(0);
  });

  it("refuses a file over the server's limit before sending it, saying its size", async () => {
    const network = stubApi({});
    open();
    const big = csv();
    Object.defineProperty(big, "size", { value: 25_000_000 });
    await userEvent.upload(screen.getByLabelText("CSV file"), big);
    await userEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(screen.getByText("The file must be at most 20 MB; this one is 23.9 MB")).toBeInTheDocument();
    expect(network.calls).toHaveLength(0);
  });

  it("sends the file as multipart and shows the result, then starts over on Import Another File", async () => {
    const network = stubApi({ "POST /api/applications/import": () => json(RESULT) });
    open();
    await userEvent.upload(screen.getByLabelText("CSV file"), csv());
    await userEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("Import finished.")).toBeInTheDocument();
    const body = network.calls[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(((body as FormData).get("file") as File).name).toBe("people.csv");
    await userEvent.click(screen.getByRole("button", { name: "Import Another File" }));
    expect(screen.getByLabelText("CSV file")).toHaveValue("");
    expect(screen.getByRole("button", { name: "Import" })).toBeEnabled();
  });

  it("keeps focus in the dialog from the Import button to the result and on to a fresh form", async () => {
    stubApi({ "POST /api/applications/import": () => json(RESULT) });
    open();
    await userEvent.upload(screen.getByLabelText("CSV file"), csv());
    await userEvent.click(screen.getByRole("button", { name: "Import" }));
    // The form gives way to the result: focus goes to its first line, where reading goes on.
    const finished = await screen.findByText("Import finished.");
    await waitFor(() => expect(finished).toHaveFocus());
    // Read from there, once: no live region says it again.
    expect(liveRegionOf(finished)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Import Another File" }));
    await waitFor(() => expect(screen.getByLabelText("CSV file")).toHaveFocus());
  });

  it("marks Import busy, not disabled, while the file is sent, so it keeps focus", async () => {
    const { answer } = holdApi();
    open();
    await userEvent.upload(screen.getByLabelText("CSV file"), csv());
    const importButton = screen.getByRole("button", { name: "Import" });
    await userEvent.click(importButton);
    const busy = await screen.findByRole("button", { name: "Importing..." });
    expect(busy).toHaveAttribute("aria-disabled", "true");
    expect(busy).toBeEnabled();
    expect(busy).toHaveFocus();
    answer(json({ message: "Missing required columns: phone" }, 400));
    expect(await findAnnounced("assertive")).toHaveTextContent("Missing required columns: phone");
    expect(screen.getByRole("button", { name: "Import" })).toHaveFocus();
  });

  it("shows the server's reason when it refuses the file", async () => {
    stubApi({ "POST /api/applications/import": json({ message: "Missing required columns: phone" }, 400) });
    open();
    await userEvent.upload(screen.getByLabelText("CSV file"), csv());
    await userEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(await findAnnounced("assertive")).toHaveTextContent("Missing required columns: phone");
  });

  it("falls back to 'Failed to import applications' when the server gives no reason", async () => {
    stubApi({ "POST /api/applications/import": () => new Response("boom", { status: 500 }) });
    open();
    await userEvent.upload(screen.getByLabelText("CSV file"), csv());
    await userEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(await findAnnounced("assertive")).toHaveTextContent("Failed to import applications");
  });
});
