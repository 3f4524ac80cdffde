/**
 * Admin list pages of one meeting, kept as the JSON text they were sent as, each with the
 * meeting's list version it was read at (list_versions, migration 0009; read in the same
 * statement as the page, so in the same snapshot). A kept page is sent again only after the
 * database says the meeting's version is still that one: any change to what the list shows (an
 * application, its documents, the meeting, the name of who last changed a row) gives the meeting
 * a new version in the same transaction, so a kept page is never older than the database. Every
 * server process keeps its own pages and checks them against the same versions.
 *
 * A page is kept from its second request on: the first only notes its key. Pages asked once
 * (an admin paging through) would otherwise replace kept pages one after another, and each
 * replaced page is garbage for the collector: under a stream of one-off pages the process grew
 * by three times the budget. Least recently used pages go first once the kept bytes pass the
 * budget (two a character, as a string of non-Latin-1 names takes).
 */
export class ListPageCache {
  readonly #entries = new Map<string, { version: string; body: string }>();
  /** Keys asked once and not kept (at most maxNoted, oldest forgotten first). */
  readonly #noted = new Set<string>();
  #bytes = 0;

  constructor(
    readonly maxBytes: number,
    readonly maxNoted = 4096,
  ) {}

  /** The page kept under `key` (now the most recently used), or undefined. */
  get(key: string): { version: string; body: string } | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  /**
   * Keeps `body` as the page under `key` at `version` if the key was asked before (kept or
   * noted); a page larger than an eighth of the budget is not kept.
   */
  set(key: string, version: string, body: string): void {
    if (!this.#entries.has(key) && !this.#noted.delete(key)) {
      this.#noted.add(key);
      if (this.#noted.size > this.maxNoted) {
        for (const oldest of this.#noted) {
          this.#noted.delete(oldest);
          break;
        }
      }
      return;
    }
    this.#remove(key);
    const bytes = body.length * 2;
    if (bytes > this.maxBytes / 8) return;
    this.#entries.set(key, { version, body });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.body.length * 2;
    }
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.body.length * 2;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }
}
