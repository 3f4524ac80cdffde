import { eq } from "drizzle-orm";
import type { Db } from "./client.js";
import { settings } from "./schema.js";

const KEY = "jwt_secret";

/**
 * The token key every server on one PostgreSQL database signs with when JWT_SECRET is not set:
 * the first server to start stores its candidate, the others read it. Kept in each server's
 * DATA_DIR, every server signed with its own key and refused the tokens of the others.
 */
export async function sharedJwtSecret(db: Db, candidate: string): Promise<string> {
  await db.insert(settings).values({ key: KEY, value: candidate }).onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  return row?.value ?? candidate;
}
