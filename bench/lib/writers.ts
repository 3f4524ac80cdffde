import { CREATES_PER_HOUR } from "@visa/domain";
import { type Session, sessionFor } from "./http.js";
import { querySql, type Target } from "./target.js";

/**
 * Sessions of seeded applicants enough to create `creates` applications within the per-account
 * limit (CREATES_PER_HOUR), taken in turn: a create scenario then measures creating, not the
 * limit's refusals. `except` (the applicant whose own list a run reads) is never one of them.
 * Read before the server starts: an embedded database is open in one process at a time.
 */
export async function writerSessions(
  target: Target,
  creates: number,
  except: string,
): Promise<() => Record<string, string>> {
  const count = Math.ceil(creates / CREATES_PER_HOUR);
  const rows = await querySql(
    target,
    "select id from users where not is_admin and id <> $1 order by email limit $2",
    [except, count],
  );
  if (rows.length < count) throw new Error(`${count} writers needed, ${rows.length} seeded`);
  const sessions: Session[] = await Promise.all(
    rows.map((r) => sessionFor({ id: String(r.id), isAdmin: false })),
  );
  let next = 0;
  return () => (sessions[next++ % sessions.length] as Session).headers;
}
