/**
 * Admin list pages of one meeting, kept as the JSON bytes they were sent as, each with the
 * meeting's list version it was read at (list_versions, migration 0009; read in the same
 * statement as the page, so in the same snapshot). A kept page is sent again only after the
 * database says the meeting's version is still that one: any change to what the list shows (an
 * application, its documents, the meeting, the name of who last changed a row) gives the meeting
 * a new version in the same transaction, so a kept page is never older than the database. Every
 * server process keeps its own pages and checks them against the same versions.
 *
 * Least recently used pages go first once the kept bytes pass the budget.
 */
export class ListPageCache {
  readonly #entries = new Map<string, { version: string; body: Buffer }>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  /** The page kept under `key` (now the most recently used), or undefined. */
  get(key: string): { version: string; body: Buffer } | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  /** Keeps `body` as the page under `key` at `version`; a page larger than an eighth of the budget is not kept. */
  set(key: string, version: string, body: Buffer): void {
    this.delete(key);
    if (body.length > this.maxBytes / 8) return;
    this.#entries.set(key, { version, body });
    this.#bytes += body.length;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.body.length;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.body.length;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }
}
