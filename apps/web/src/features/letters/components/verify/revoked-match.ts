/** Ends a check's "matches" sentence on a revoked letter: the match must not read as valid. */
export const REVOKED_AFTER_MATCH = "but this letter has been revoked and is no longer valid.";
