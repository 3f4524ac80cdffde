import { idField, MAX_UPLOAD_BYTES } from "@visa/domain";
import { z } from "zod";
import { actorOf } from "../auth/guards.js";
import type { App, RouteDeps } from "../lib/app-type.js";
import { readUploadedFile } from "../lib/read-multipart.js";
import { documentAnswer, fileAnswer, MULTIPART, messageAnswer, multipartBody } from "../openapi/answers.js";
import { addDocument, assertCanUpload, deleteDocument, getDocument } from "./document.service.js";
import { attachmentDisposition } from "./file-type.js";

const appParams = z.object({ id: idField });
const docParams = z.object({ id: idField, docId: idField });

/** Supporting documents of an application: upload, download, remove. */
export async function documentRoutes(app: App, { ctx, guards }: RouteDeps) {
  app.post(
    "/api/upload/:id",
    {
      onRequest: guards.user,
      schema: {
        params: appParams,
        consumes: MULTIPART,
        body: multipartBody({ file: "binary" }),
        response: { 201: documentAnswer },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Refuse before reading: a stranger's 10 MB never reaches memory.
      await assertCanUpload(ctx, actor, request.params.id);
      const file = await readUploadedFile(request, MAX_UPLOAD_BYTES, "Please choose a file to upload");
      const doc = await addDocument(ctx, actor, request.params.id, file);
      return reply.code(201).send(doc);
    },
  );

  app.get(
    "/api/applications/:id/documents/:docId",
    {
      onRequest: guards.user,
      schema: {
        params: docParams,
        response: {
          200: fileAnswer("application/octet-stream", "The document as uploaded, with its own content type"),
        },
      },
    },
    async (request, reply) => {
      const doc = await getDocument(ctx, actorOf(request), request.params.id, request.params.docId);
      return reply
        .header("content-type", doc.contentType)
        .header("content-disposition", attachmentDisposition(doc.filename))
        .header("cache-control", "private, no-store")
        .send(doc.data);
    },
  );

  app.delete(
    "/api/applications/:id/documents/:docId",
    { onRequest: guards.user, schema: { params: docParams, response: { 200: messageAnswer } } },
    async (request) => {
      await deleteDocument(ctx, actorOf(request), request.params.id, request.params.docId);
      return { message: "Document deleted" };
    },
  );
}
