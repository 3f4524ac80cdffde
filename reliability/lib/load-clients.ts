import { syntheticPerson } from "../../apps/api/src/cli/seed-scale.js";
import { api, type Session } from "../../bench/lib/http.js";

/** What the load run expects of every application it created and saw acknowledged. */
export interface Expected {
  passportNumber: string;
  hotelName: string;
  status: "Pending" | "Approved";
  deleted: boolean;
}

export interface OpStats {
  count: number;
  latencies: number[];
  /** Status code -> count, for answers that were not what a valid request should get. */
  unexpected: Map<string, number>;
}

export class LoadRecorder {
  readonly ops = new Map<string, OpStats>();
  readonly created = new Map<string, Expected>();

  record(op: string, ms: number, problem?: string) {
    let s = this.ops.get(op);
    if (!s) {
      s = { count: 0, latencies: [], unexpected: new Map() };
      this.ops.set(op, s);
    }
    s.count++;
    s.latencies.push(ms);
    if (problem) s.unexpected.set(problem, (s.unexpected.get(problem) ?? 0) + 1);
  }
}

let serial = 0;
const runTag = Date.now().toString(36).toUpperCase();

/** A valid new application for the meeting, with a passport number unique to this run. */
export function newApplication(meetingId: string) {
  const i = ++serial;
  const p = syntheticPerson(i, 9);
  const iso = (d: string) => `${d}T00:00:00.000Z`;
  return {
    ...p,
    meeting: meetingId,
    birthdate: iso(p.birthdate),
    // Valid for the whole stay, as the server requires.
    passportExpirationDate: iso(
      p.passportExpirationDate > "2030-03-08" ? p.passportExpirationDate : "2034-03-08",
    ),
    passportNumber: `LD${runTag}N${i}`,
    dateOfArrival: "2030-03-01T00:00:00.000Z",
    dateOfDeparture: "2030-03-08T00:00:00.000Z",
    hotelName: "",
  };
}

export interface Client {
  session: Session;
  isAdmin: boolean;
  /** Applications this client created and that still exist. */
  own: string[];
}

/**
 * One client's loop until the deadline: a realistic mix of reads and writes. Each client works
 * on its own applications only, so the last acknowledged write to each is its final state.
 */
export async function runClient(
  base: string,
  c: Client,
  ctx: { meetingId: string; deadline: number; rec: LoadRecorder; pages: number },
) {
  const { rec } = ctx;
  const call = async (op: string, method: string, path: string, body: unknown, ok: number[]) => {
    let a: Awaited<ReturnType<typeof api>>;
    try {
      a = await api(base, c.session, method, path, body);
    } catch (e) {
      rec.record(op, 0, `connection: ${(e as Error).message}`);
      return null;
    }
    rec.record(
      op,
      a.ms,
      ok.includes(a.status) ? undefined : `${a.status} ${JSON.stringify(a.body).slice(0, 80)}`,
    );
    return ok.includes(a.status) ? a : null;
  };
  while (Date.now() < ctx.deadline) {
    const r = Math.random();
    const mine = c.own[Math.floor(Math.random() * c.own.length)];
    if (r < 0.2 || !mine) {
      const body = newApplication(ctx.meetingId);
      // An account may create CREATES_PER_HOUR (the domain's constants) applications an hour, and the admin clients share
      // one account: past that, 429 is what a valid request gets (only a 201 is a write).
      const a = await call("create", "POST", "/api/applications", body, [201, 429]);
      const id = a?.status === 201 ? (a.body as { _id?: string } | undefined)?._id : undefined;
      if (id) {
        c.own.push(id);
        rec.created.set(id, {
          passportNumber: body.passportNumber,
          hotelName: "",
          status: "Pending",
          deleted: false,
        });
      }
    } else if (r < 0.32) {
      const hotelName = `Hotel ${Math.random().toString(36).slice(2, 8)}`;
      if (await call("update", "PUT", `/api/applications/${mine}`, { hotelName }, [200])) {
        const e = rec.created.get(mine);
        if (e) e.hotelName = hotelName;
      }
    } else if (c.isAdmin && r < 0.36) {
      if (await call("approve", "PUT", `/api/applications/${mine}`, { status: "Approved" }, [200])) {
        const e = rec.created.get(mine);
        if (e) e.status = "Approved";
        c.own.splice(c.own.indexOf(mine), 1);
      }
    } else if (c.isAdmin && r < 0.4) {
      if (await call("delete", "DELETE", `/api/applications/${mine}`, undefined, [200, 204])) {
        const e = rec.created.get(mine);
        if (e) e.deleted = true;
        c.own.splice(c.own.indexOf(mine), 1);
      }
    } else if (c.isAdmin && r < 0.7) {
      const page = 1 + Math.floor(Math.random() * ctx.pages);
      const sort = Math.random() < 0.5 ? "status" : "createdAt";
      await call(
        "admin list",
        "GET",
        `/api/applications?admin=true&meetingId=${ctx.meetingId}&page=${page}&limit=10&sortBy=${sort}&sortDirection=asc`,
        undefined,
        [200],
      );
    } else if (c.isAdmin && r < 0.8) {
      await call("stats", "GET", `/api/applications/stats?meetingId=${ctx.meetingId}`, undefined, [200]);
    } else if (r < 0.6) {
      await call("own list", "GET", "/api/applications", undefined, [200]);
    } else if (r < 0.85) {
      await call("one by id", "GET", `/api/applications/${mine}`, undefined, [200]);
    } else {
      await call("active meetings", "GET", "/api/meetings/active", undefined, [200]);
    }
  }
}
