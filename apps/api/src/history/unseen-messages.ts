import type { UnseenMessagesDto } from "@visa/domain";
import { and, asc, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { applicationHistory, applications, documents } from "../db/schema.js";

/**
 * Whether the owner acted on the request (an entry of theirs in its history, an upload) after the
 * history entry the outer query reads (`ownerId` a value, or the owner column of a query over many
 * applications). The portal keeps no read marks: a message of the
 * secretariat counts as seen once its owner did so, in the portal and in what mail tells again.
 */
export function seenByOwner(ownerId: string | SQLWrapper): SQL {
  return sql`(exists (select 1 from ${applicationHistory} o
      where o.application_id = ${applicationHistory.applicationId}
        and o.actor_id = ${ownerId} and o.created_at > ${applicationHistory.createdAt})
    or exists (select 1 from ${documents} d where d.application_id = ${applicationHistory.applicationId}
      and d.uploaded_by_id = ${ownerId} and d.created_at > ${applicationHistory.createdAt}))`;
}

/** Whether the history entry the outer query reads is a message its owner has not seen. */
export function unseenMessage(ownerId: string): SQL<boolean> {
  return sql<boolean>`(${applicationHistory.kind} = 'message' and not ${seenByOwner(ownerId)})`;
}

/**
 * The signed-in user's own applications with messages of the secretariat they have not seen: how
 * many, and when the newest was written. Never notes, which are the secretariat's own.
 */
export async function readUnseenMessages(ctx: AppContext, ownerId: string): Promise<UnseenMessagesDto> {
  const rows = await ctx.db
    .select({
      applicationId: applicationHistory.applicationId,
      count: sql<number>`count(*)::int`,
      latestAt: sql<Date>`max(${applicationHistory.createdAt})`.mapWith(applicationHistory.createdAt),
    })
    .from(applicationHistory)
    .innerJoin(applications, eq(applications.id, applicationHistory.applicationId))
    .where(and(eq(applications.userId, ownerId), unseenMessage(ownerId)))
    .groupBy(applicationHistory.applicationId)
    .orderBy(asc(applicationHistory.applicationId));
  return rows.map((r) => ({
    applicationId: r.applicationId,
    count: r.count,
    latestAt: r.latestAt.toISOString(),
  }));
}
