#!/usr/bin/env bash
# Two server processes on one PostgreSQL database (a throwaway server on PORT, by default one free at the start):
# failed logins counted once across both, each queued mail sent once, a purge asked of both run
# once, a write on one read from the other, one letter when both approve at the same moment.
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(scripts/postgres-temp.sh start ${1:+"$1"})"
trap 'scripts/postgres-temp.sh stop "$PG_TEMP_DIR"' EXIT
DATABASE_URL="$DATABASE_URL" npx vitest run --reporter verbose apps/api/src/deploy/two-servers.test.ts
