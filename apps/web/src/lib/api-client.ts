import { AUTH_MESSAGES } from "@visa/domain";
import { clearSession, getSession } from "./session";

/**
 * A failed call: `message` is what the user should read; `fields` names the request's fields a
 * refusal concerns (the server's `fields`), so a form can mark them.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: readonly string[] = [],
    /** A server fault that changed nothing, whose message says so and that trying again is safe. */
    readonly tryAgain = false,
  ) {
    super(message);
  }
}

type Listener = (event: { type: "success" } | { type: "unauthorized"; message: string }) => void;
const listeners = new Set<Listener>();

/** Session monitoring listens here: every success restarts it, a 401 logs out (spec §4). */
export function onApiEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Sent as multipart; no JSON content type. */
  form?: FormData;
  /** For login and register: a 401 there is a wrong password, not an expired session. */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** More request headers (e.g. If-Match). */
  headers?: Record<string, string>;
}

function authorization(opts: { anonymous?: boolean }): Record<string, string> {
  const session = getSession();
  return session && !opts.anonymous ? { authorization: `Bearer ${session.token}` } : {};
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers = { ...opts.headers, ...authorization(opts) };
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(path, { method: opts.method ?? "GET", headers, body, signal: opts.signal });
  return checked(res, opts);
}

/** The answer when it is a success; otherwise the ApiError it stands for (a 401 also logs out). */
async function checked(res: Response, opts: { anonymous?: boolean }): Promise<Response> {
  if (res.status === 401 && !opts.anonymous) {
    clearSession(AUTH_MESSAGES.sessionExpired);
    for (const l of listeners) l({ type: "unauthorized", message: AUTH_MESSAGES.sessionExpired });
    throw new ApiError(401, AUTH_MESSAGES.sessionExpired);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    let message = "";
    let fields: string[] = [];
    let tryAgain = false;
    try {
      const answer = JSON.parse(text);
      message = typeof answer.message === "string" ? answer.message : "";
      if (Array.isArray(answer.fields)) fields = answer.fields.filter((f: unknown) => typeof f === "string");
      tryAgain = answer.tryAgain === true;
    } catch {
      message = "";
    }
    // Spec §8: the server's message, else 'Request failed: {status} - {body}', else 'Request failed'.
    throw new ApiError(
      res.status,
      message || (text ? `Request failed: ${res.status} - ${text.slice(0, 200)}` : "Request failed"),
      fields,
      tryAgain && message !== "",
    );
  }
  for (const l of listeners) l({ type: "success" });
  return res;
}

/**
 * POSTs a multipart form and parses the JSON answer as `api` does, reporting how much of the body
 * has been sent: fetch cannot tell, XMLHttpRequest's upload events can.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  onProgress: (sent: number, total: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    for (const [name, value] of Object.entries(authorization({}))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    xhr.onload = () => {
      checked(new Response(xhr.responseText, { status: xhr.status }), {})
        .then((res) => res.text())
        .then((text) => resolve((text ? JSON.parse(text) : undefined) as T), reject);
    };
    // What fetch throws when the network fails.
    xhr.onerror = () => reject(new TypeError("Failed to fetch"));
    xhr.send(form);
  });
}

/** Calls the API and parses JSON (undefined for an empty answer). */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Calls the API for a file (PDF, CSV, ZIP). */
export async function apiBlob(
  path: string,
  opts: RequestOptions = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const res = await send(path, opts);
  const disposition = res.headers.get("content-disposition") ?? "";
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="([^"]+)"/i.exec(disposition);
  const filename = star?.[1] ? decodeURIComponent(star[1]) : (plain?.[1] ?? null);
  return { blob: await res.blob(), filename };
}

/** Offers a blob as a download under the given name. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
