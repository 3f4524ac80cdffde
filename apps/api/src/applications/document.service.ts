import type { DocumentDto } from "@visa/domain";
import { and, count, eq, sql } from "drizzle-orm";
import type { Actor } from "../auth/guards.js";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/client.js";
import { applications, documents } from "../db/schema.js";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../lib/errors.js";
import {
  APPLICATION_MESSAGES,
  canSeeApplication,
  documentDeleteRefusal,
  uploadRefusal,
} from "./application.policy.js";
import { documentPresenter } from "./application.presenter.js";
import { detectFileType, sanitizeFilename } from "./file-type.js";

/** Enough supporting documents for any visa case, few enough to keep one application small. */
export const MAX_DOCUMENTS_PER_APPLICATION = 20;

async function visibleApplication(db: DbOrTx, actor: Actor, id: string) {
  const [app] = await db
    .select({
      id: applications.id,
      userId: applications.userId,
      status: applications.status,
      meetingId: applications.meetingId,
      withdrawnAt: applications.withdrawnAt,
    })
    .from(applications)
    .where(eq(applications.id, id));
  if (!app || !canSeeApplication(actor, app)) throw notFound(APPLICATION_MESSAGES.notFound);
  return app;
}

/** Checks, before any byte is read, that the actor may add a document to the application. */
export async function assertCanUpload(ctx: AppContext, actor: Actor, applicationId: string): Promise<void> {
  const app = await visibleApplication(ctx.db, actor, applicationId);
  const refusal = uploadRefusal(actor, app);
  if (refusal) throw forbidden(refusal);
}

/** Stores an uploaded PDF, JPEG or PNG (recognised by content) on the application. */
export async function addDocument(
  ctx: AppContext,
  actor: Actor,
  applicationId: string,
  file: { filename: string; data: Buffer },
): Promise<DocumentDto> {
  if (file.data.length === 0) throw badRequest("The file is empty");
  const type = detectFileType(file.data);
  if (!type) throw new HttpError(415, "Only PDF, JPEG and PNG files can be uploaded");
  return ctx.db.transaction(async (tx) => {
    const app = await visibleApplication(tx, actor, applicationId);
    const refusal = uploadRefusal(actor, app);
    if (refusal) throw forbidden(refusal);
    // The application's row is locked, so uploads at the same moment are counted one after another.
    await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.id, applicationId))
      .for("update");
    const [existing] = await tx
      .select({ n: count(), bytes: sql<number>`coalesce(sum(${documents.size}), 0)::bigint`.mapWith(Number) })
      .from(documents)
      .where(eq(documents.applicationId, applicationId));
    if ((existing?.n ?? 0) >= MAX_DOCUMENTS_PER_APPLICATION) {
      throw conflict(`An application can have at most ${MAX_DOCUMENTS_PER_APPLICATION} documents`);
    }
    const maxBytes = ctx.config.maxDocumentBytesPerApplication;
    if ((existing?.bytes ?? 0) + file.data.length > maxBytes) {
      throw new HttpError(
        413,
        `The documents of one application may total at most ${Math.floor(maxBytes / 1048576)} MB. Remove one before adding another.`,
      );
    }
    const [doc] = await tx
      .insert(documents)
      .values({
        applicationId,
        filename: sanitizeFilename(file.filename, type),
        contentType: type.contentType,
        size: file.data.length,
        data: file.data,
        uploadedById: actor.userId,
      })
      .returning();
    if (!doc) throw new Error("insert returned no row");
    await tx
      .update(applications)
      .set({ updatedAt: new Date(), lastUpdatedById: actor.userId })
      .where(eq(applications.id, applicationId));
    return documentPresenter(doc);
  });
}

/** A document's bytes for its application's owner or an admin. */
export async function getDocument(ctx: AppContext, actor: Actor, applicationId: string, documentId: string) {
  await visibleApplication(ctx.db, actor, applicationId);
  const [doc] = await ctx.db
    .select({ filename: documents.filename, contentType: documents.contentType, data: documents.data })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.applicationId, applicationId)));
  if (!doc) throw notFound("Document not found");
  return doc;
}

/** Removes a document: its owner while the application is Pending, or an admin. */
export async function deleteDocument(
  ctx: AppContext,
  actor: Actor,
  applicationId: string,
  documentId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const app = await visibleApplication(tx, actor, applicationId);
    const refusal = documentDeleteRefusal(actor, app);
    if (refusal) throw forbidden(refusal);
    const [deleted] = await tx
      .delete(documents)
      .where(and(eq(documents.id, documentId), eq(documents.applicationId, applicationId)))
      .returning({ id: documents.id });
    if (!deleted) throw notFound("Document not found");
    await tx
      .update(applications)
      .set({ updatedAt: new Date(), lastUpdatedById: actor.userId })
      .where(eq(applications.id, applicationId));
  });
}
