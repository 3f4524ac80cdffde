import { MAX_LETTER_IMAGE_BYTES, organisationInputSchema } from "@visa/domain";
import { z } from "zod";
import type { App, RouteDeps } from "../lib/app-type.js";
import { readMultipart } from "../lib/read-multipart.js";
import { fileAnswer, MULTIPART, multipartBody, organisationAnswer } from "../openapi/answers.js";
import {
  getOrganisation,
  getOrganisationImage,
  removeOrganisationImage,
  setCertificate,
  setOrganisationImage,
  updateOrganisation,
} from "./organisation.service.js";
import { ORGANISATION_IMAGES } from "./organisation-image.js";

const imageParams = z.object({
  image: z.enum(ORGANISATION_IMAGES, { message: "must be logo or signature" }),
});
const MAX_CERTIFICATE_BYTES = 256 * 1024;

/** Admin settings of the organisation that issues letters. */
export async function organisationRoutes(app: App, { ctx, guards }: RouteDeps) {
  app.get(
    "/api/letters/organisation",
    { onRequest: guards.admin, schema: { response: { 200: organisationAnswer } } },
    async () => getOrganisation(ctx),
  );

  app.put(
    "/api/letters/organisation",
    {
      onRequest: guards.admin,
      schema: { body: organisationInputSchema, response: { 200: organisationAnswer } },
    },
    async (request) => updateOrganisation(ctx, request.body),
  );

  app.get(
    "/api/letters/organisation/:image",
    {
      onRequest: guards.admin,
      schema: {
        params: imageParams,
        response: {
          200: fileAnswer("image/png", "The image as letters print it (PNG or JPEG, upright, scaled to fit)"),
        },
      },
    },
    async (request, reply) => {
      const image = await getOrganisationImage(ctx, request.params.image);
      return reply.type(image.type).header("cache-control", "private, no-store").send(image.data);
    },
  );

  app.post(
    "/api/letters/organisation/:image",
    {
      onRequest: guards.admin,
      schema: {
        params: imageParams,
        consumes: MULTIPART,
        body: multipartBody({ file: "binary" }),
        response: { 200: organisationAnswer },
      },
    },
    async (request) => {
      const { file } = await readMultipart(
        request,
        MAX_LETTER_IMAGE_BYTES,
        "Please choose an image to upload",
      );
      return setOrganisationImage(ctx, request.params.image, file);
    },
  );

  app.delete(
    "/api/letters/organisation/:image",
    { onRequest: guards.admin, schema: { params: imageParams, response: { 200: organisationAnswer } } },
    async (request) => removeOrganisationImage(ctx, request.params.image),
  );

  app.post(
    "/api/letters/certificate",
    {
      onRequest: guards.admin,
      schema: {
        consumes: MULTIPART,
        body: multipartBody({ file: "binary", passphrase: "string" }),
        response: { 200: organisationAnswer },
      },
    },
    async (request) => {
      const { file, fields } = await readMultipart(
        request,
        MAX_CERTIFICATE_BYTES,
        "Please choose a .p12 or .pfx certificate file",
      );
      return setCertificate(ctx, file, fields.passphrase ?? "");
    },
  );
}
