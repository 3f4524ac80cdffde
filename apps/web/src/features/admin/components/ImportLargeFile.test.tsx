import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { announced, renderAt, stubApi } from "../../../lib/testing";
import { PROGRESS_FROM_BYTES } from "../api/import-applications";
import { ImportDialog } from "./ImportDialog";
import { ImportResultView } from "./ImportResultView";

const RESULT = { total: 3, successful: 3, updated: 0, failed: 0, updatedRecords: [], errors: [] };

/** An XMLHttpRequest the test drives: it records what was sent and fires the events it is told to. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = "";
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const open = () => renderAt("/", <ImportDialog open meeting={null} onClose={() => {}} />);

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = undefined;
});

describe("importing a large file", () => {
  it("shows how much is sent, then that the rows are being checked, then the result", async () => {
    const network = stubApi({});
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    open();
    const big = new File(["x".repeat(PROGRESS_FROM_BYTES)], "many.csv", { type: "text/csv" });
    await userEvent.upload(screen.getByLabelText("CSV file"), big);
    await userEvent.click(screen.getByRole("button", { name: "Import" }));

    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/applications/import");
    expect(((xhr.body as FormData).get("file") as File).name).toBe("many.csv");
    expect(network.calls).toHaveLength(0);
    expect(screen.getByText("Sending the file: 0%")).toBeInTheDocument();

    act(() => xhr.progress(300, 1000));
    expect(screen.getByText("Sending the file: 30%")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Sending the file: 30%" })).toHaveAttribute("value", "30");
    expect(screen.getByRole("button", { name: "Importing..." })).toHaveAttribute("aria-disabled", "true");

    act(() => xhr.progress(1000, 1000));
    expect(screen.getByText(/^File sent\. Checking and saving its rows/)).toBeInTheDocument();

    act(() => xhr.answer(200, RESULT));
    expect(await screen.findByText("Import finished.")).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses a large file", async () => {
    stubApi({});
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    open();
    const big = new File(["x".repeat(PROGRESS_FROM_BYTES)], "many.csv", { type: "text/csv" });
    await userEvent.upload(screen.getByLabelText("CSV file"), big);
    await userEvent.click(screen.getByRole("button", { name: "Import" }));
    act(() =>
      (FakeXhr.last as FakeXhr).answer(400, {
        message: "The file has more than 20,000 rows. Split it into smaller files.",
      }),
    );
    expect(
      await screen.findByText("The file has more than 20,000 rows. Split it into smaller files."),
    ).toBeInTheDocument();
  });
});

describe("the whole error list", () => {
  const errors = [{ name: "Row 2 (Ann Lee)", error: "gender: must be Male, Female or Other" }];
  const result = {
    ...RESULT,
    successful: 0,
    failed: 1_500,
    errors,
    errorReportId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
  };

  it("says the list is cut short and downloads all of it as CSV", async () => {
    const network = stubApi({
      "GET /api/applications/import/errors/7c9e6679-7425-40de-944b-e07fc1f90ae7": new Response(
        "row,error\r\n",
        {
          headers: {
            "content-type": "text/csv",
            "content-disposition": 'attachment; filename="import-errors.csv"',
          },
        },
      ),
    });
    // jsdom cannot make object URLs; saving the file needs one.
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    const createObjectURL = vi.fn(() => "blob:errors");
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    render(<ImportResultView result={result} onImportAnother={() => {}} onClose={() => {}} />);
    expect(screen.getByText("The first 1 of 1,500 failed rows are listed here.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Download all errors (CSV)" }));
    expect(network.calls.map((c) => c.path)).toEqual([
      "/api/applications/import/errors/7c9e6679-7425-40de-944b-e07fc1f90ae7",
    ]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it("says so when the list is no longer kept", async () => {
    stubApi({
      "GET /api/applications/import/errors/7c9e6679-7425-40de-944b-e07fc1f90ae7": {
        status: 404,
        json: { message: "This list of import errors is no longer kept. Import the file again to see it." },
      },
    });
    render(<ImportResultView result={result} onImportAnother={() => {}} onClose={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Download all errors (CSV)" }));
    expect(
      await screen.findByText(
        "This list of import errors is no longer kept. Import the file again to see it.",
      ),
    ).toBeInTheDocument();
    expect(announced("assertive")).toEqual([
      "This list of import errors is no longer kept. Import the file again to see it.",
    ]);
  });
});
