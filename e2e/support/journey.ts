import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import {
  ADMIN,
  type ApiSession,
  apiCall,
  apiCreateMeeting,
  apiLogin,
  apiRegister,
  applicationBody,
  type NewAccount,
} from "./api";
import { collectPageErrors, launchBrowser, newContext, openFreshPage } from "./browser";

/** A page of its own browser context, and the uncaught errors it has thrown so far. */
export interface JourneyPage {
  page: Page;
  errors: string[];
}

/** What every journey starts from: Chromium and the seeded administrator's API session. */
export interface Journey {
  readonly browser: Browser;
  readonly admin: ApiSession;
  /**
   * A page in a fresh context (empty storage), closed with the journey. Inside a test, `name`
   * keeps a screenshot of it in e2e/.artifacts if the test fails.
   */
  openPage(name?: string): Promise<JourneyPage>;
}

/**
 * Registers the journey's setup and teardown in the calling `describe`: Chromium and the admin's
 * sign-in before its tests (before the journey's own `beforeAll`), every context and the browser
 * closed after them.
 */
export function journey(baseURL: string): Journey {
  let browser: Browser | undefined;
  let admin: ApiSession | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiLogin(baseURL, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready before the journey's beforeAll`);
    return value;
  };
  return {
    get browser() {
      return ready(browser, "the browser");
    },
    get admin() {
      return ready(admin, "the admin's session");
    },
    async openPage(name) {
      const b = ready(browser, "the browser");
      if (name) return openFreshPage(b, baseURL, name, contexts);
      // Outside a test (a journey's beforeAll) there is no test to keep a screenshot for.
      const context = await newContext(b, baseURL);
      contexts.push(context);
      const page = await context.newPage();
      return { page, errors: collectPageErrors(page) };
    },
  };
}

/**
 * One page for the whole journey, opened before its tests; after each test, none of its uncaught
 * errors may have happened.
 */
export function sharedPage(j: Journey): JourneyPage {
  const shared: JourneyPage = { page: undefined as unknown as Page, errors: [] };
  beforeAll(async () => {
    Object.assign(shared, await j.openPage());
  });
  afterEach(() => {
    expect(shared.errors).toEqual([]);
  });
  return shared;
}

/** A person a request is filed for: the applicant or, from one account, anyone else. */
export type RequestPerson = Pick<NewAccount, "firstName" | "lastName" | "email">;

/**
 * A new meeting, a new applicant and the applicant's requests for it (one for themself unless
 * `people` says for whom), made through the API.
 */
export async function seedRequests(
  baseURL: string,
  adminToken: string,
  meetingName: string,
  account: NewAccount,
  people: RequestPerson[] = [account],
) {
  const meeting = await apiCreateMeeting(baseURL, adminToken, meetingName);
  const applicant = await apiRegister(baseURL, account);
  const requests: Array<{ id: string; body: Record<string, unknown> }> = [];
  for (const person of people) {
    const body = applicationBody(meeting._id, person);
    const created = await apiCall<{ _id: string }>(baseURL, "POST", "/api/applications", {
      token: applicant.token,
      body,
    });
    requests.push({ id: created._id, body });
  }
  return { meeting, applicant, requests };
}
