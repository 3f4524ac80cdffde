import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { createGuards } from "../auth/guards.js";
import type { AppContext } from "../context.js";

/** The Fastify instance with zod-typed routes. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every route module receives. */
export interface RouteDeps {
  ctx: AppContext;
  guards: ReturnType<typeof createGuards>;
}
