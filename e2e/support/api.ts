import { IMPORT_REQUIRED_COLUMNS } from "@visa/domain";

/** What login and register answer; the browser stores the same three values. */
export interface ApiSession {
  token: string;
  userId: string;
  role: "admin" | "user";
}

export const ADMIN = { email: "admin@example.com", password: "admin123" } as const;

/** A refused call, with the server's status and message for the assertion that caught it. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Calls the product's API directly, for setup that is not what a journey is about. Throws
 * ApiCallError on any non-2xx answer so setup never fails silently.
 */
export async function apiCall<T = unknown>(
  baseURL: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(new URL(path, baseURL), {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!res.ok)
    throw new ApiCallError(res.status, `${method} ${path}: ${res.status} ${json?.message ?? text}`);
  return json as T;
}

/** POST /api/auth/login (rate limited per client: journeys sign in through the API sparingly). */
export function apiLogin(baseURL: string, email: string, password: string): Promise<ApiSession> {
  return apiCall<ApiSession>(baseURL, "POST", "/api/auth/login", { body: { email, password } });
}

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** POST /api/auth/register: a new account and its session. */
export function apiRegister(baseURL: string, account: NewAccount): Promise<ApiSession> {
  return apiCall<ApiSession>(baseURL, "POST", "/api/auth/register", {
    body: { ...account, confirmPassword: account.password },
  });
}

/** A short tag that keeps names and e-mails of one run apart from every other journey's. */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** A new account's details with a unique e-mail. */
export function newAccount(firstName: string, lastName: string, password = "secret123"): NewAccount {
  // Accented names, plain-ASCII addresses.
  const local = `${firstName}.${lastName}`.normalize("NFKD").replace(/[^A-Za-z.]/g, "");
  const email = `${local}.${uniqueTag()}@example.com`.toLowerCase();
  return { firstName, lastName, email, password };
}

/** A calendar day `days` after today (UTC), "YYYY-MM-DD". */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export interface MeetingDto {
  _id: string;
  name: string;
  location: string;
  startDate: string;
  endDate: string;
  isActive: boolean;
}

/** An active meeting starting `startsInDays` from today, created by the admin through the API. */
export function apiCreateMeeting(
  baseURL: string,
  adminToken: string,
  name: string,
  startsInDays = 60,
): Promise<MeetingDto> {
  return apiCall<MeetingDto>(baseURL, "POST", "/api/meetings", {
    token: adminToken,
    body: {
      name,
      location: "Orlando, FL, USA",
      startDate: `${dayFromToday(startsInDays)}T00:00:00.000Z`,
      endDate: `${dayFromToday(startsInDays + 5)}T00:00:00.000Z`,
      isActive: true,
    },
  });
}

/** A complete, valid application body for the meeting (dates as UTC-midnight timestamps). */
export function applicationBody(
  meetingId: string,
  person: { firstName: string; lastName: string; email: string },
): Record<string, unknown> {
  const iso = (day: string) => `${day}T00:00:00.000Z`;
  return {
    meeting: meetingId,
    ...person,
    birthdate: iso("1988-04-12"),
    gender: "Female",
    passportNumber: `P${uniqueTag().toUpperCase()}`,
    passportIssuingCountry: "BR",
    passportExpirationDate: iso(dayFromToday(2000)),
    dateOfArrival: iso(dayFromToday(58)),
    dateOfDeparture: iso(dayFromToday(66)),
    companyName: "Example Networks",
    position: "Engineer",
    companyMailingAddress1: "Rua das Flores 100",
    city: "São Paulo",
    state: "SP",
    postalCode: "01000-000",
    country: "BR",
    phone: "+55 11 5555 0000",
  };
}

export interface ImportPerson {
  firstName: string;
  lastName: string;
  email: string;
  /** The application date, "YYYY-MM-DD", which the list's Date column shows. */
  applicationDate: string;
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** An import file: the required columns in the spec's order, then applicationDate. */
export function importCsv(meetingName: string, people: ImportPerson[]): string {
  const columns = [...IMPORT_REQUIRED_COLUMNS, "applicationDate"] as const;
  const rows = people.map((p, i) => {
    const cells: Record<(typeof columns)[number], string> = {
      email: p.email,
      lastName: p.lastName,
      firstName: p.firstName,
      birthdate: "1985-06-15",
      gender: ["Male", "Female", "Other"][i % 3] ?? "Other",
      passportNumber: `X${String(100_000 + i)}${uniqueTag().toUpperCase()}`,
      passportIssuingCountry: "DE",
      passportExpirationDate: dayFromToday(1500),
      dateOfArrival: dayFromToday(58),
      dateOfDeparture: dayFromToday(66),
      companyName: `Company ${i + 1}, Inc.`,
      position: "Delegate",
      companyMailingAddress1: `${i + 1} Main Street`,
      city: "Berlin",
      postalCode: "10115",
      country: "DE",
      phone: "+49 30 1234567",
      meetingName,
      applicationDate: p.applicationDate,
    };
    return columns.map((c) => csvCell(cells[c])).join(",");
  });
  return `${[columns.join(","), ...rows].join("\r\n")}\r\n`;
}

/** POST /api/applications/import: the admin imports a CSV file (setup of many requests at once). */
export async function apiImport(
  baseURL: string,
  adminToken: string,
  csv: string,
): Promise<{ successful: number; failed: number }> {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "import.csv");
  const res = await fetch(new URL("/api/applications/import", baseURL), {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}` },
    body: form,
  });
  const json = await res.json();
  if (!res.ok)
    throw new ApiCallError(res.status, `POST /api/applications/import: ${res.status} ${json?.message}`);
  return json;
}
