import type { UserDto, UserListDto, UserListFilters } from "@visa/domain";
import { USERS_PAGE_SIZE } from "@visa/domain";
import { and, asc, count, desc, ilike, or, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { users } from "../db/schema.js";
import { userPresenter } from "./user.presenter.js";

const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
  emailVerifiedAt: users.emailVerifiedAt,
};

/**
 * Admins first, then by full name ignoring case (spec §4) and accents, as a reader's alphabet
 * does: "Ștefan" sorts with S, before "Zoë" (fold_text, migration 0021; a database's own collation
 * may be C, which puts every accented letter after z). E-mail breaks ties so pages are stable.
 */
const order = [
  desc(users.isAdmin),
  asc(sql`fold_text(${users.firstName})`),
  asc(sql`fold_text(${users.lastName})`),
  asc(sql`lower(${users.firstName})`),
  asc(sql`lower(${users.lastName})`),
  asc(users.email),
];

/**
 * Users matching the search (e-mail or "first last", case-insensitive). With a page: that page
 * and the pagination; without: every match as a plain array, the answer the spec describes.
 */
export async function listUsers(ctx: AppContext, query: UserListFilters): Promise<UserDto[] | UserListDto> {
  const where = query.search ? matching(query.search) : undefined;
  if (query.page === undefined) {
    const rows = await ctx.db
      .select(columns)
      .from(users)
      .where(where)
      .orderBy(...order);
    return rows.map(userPresenter);
  }
  const limit = query.limit ?? USERS_PAGE_SIZE;
  const [rows, totals] = await Promise.all([
    ctx.db
      .select(columns)
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((query.page - 1) * limit),
    ctx.db.select({ n: count() }).from(users).where(where),
  ]);
  const total = totals[0]?.n ?? 0;
  return {
    users: rows.map(userPresenter),
    pagination: { total, page: query.page, pages: Math.max(1, Math.ceil(total / limit)) },
  };
}

/** A term of plain ASCII: typed without accents, so it ignores the names' accents too. */
const PLAIN_TERM = /^[\x20-\x7E]*$/;

const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;
const foldedName = sql`fold_text(${fullName})`;

/**
 * E-mail or "first last" containing the term, as the applications' search matches names: a plain
 * term ignores case and accents ("muller" finds Müller), one typed with accents or in another
 * script ignores case only ("Weiß" finds Weiß, "Ø" Ødegård and not every O). The expressions are
 * those the trigram indexes were built on (schema.ts), so PostgreSQL reads only the users they
 * find; a term with accents is narrowed through the folded names, then compared as written.
 * fold_text leaves printable ASCII as its lower case, so a plain term is folded here.
 */
function matching(search: string): SQL | undefined {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const name = PLAIN_TERM.test(search)
    ? sql`${foldedName} like ${pattern.toLowerCase()}`
    : and(sql`${foldedName} like fold_text(${pattern})`, ilike(fullName, pattern));
  return or(ilike(users.email, pattern), name);
}
