#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on a loopback port in a temporary directory and prints
# its DATABASE_URL. Usage: eval "$(scripts/postgres-temp.sh start [PORT])"; scripts/postgres-temp.sh stop DIR
# Without PORT, a port free at the start (two runs side by side never meet).
# PG_DURABLE=1 keeps fsync on (crash tests that kill processes must not lose acknowledged commits).
set -euo pipefail

find_bin() {
  local b
  for b in /usr/lib/postgresql/*/bin; do
    [ -x "$b/pg_ctl" ] && { echo "$b"; return 0; }
  done
  command -v pg_ctl >/dev/null 2>&1 && { dirname "$(readlink -f "$(command -v pg_ctl)")"; return 0; }
  return 1
}

as_owner() {
  # PostgreSQL refuses to run as root: use the postgres account when we are root.
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    bin="$(find_bin)" || { echo "PostgreSQL server binaries not found" >&2; exit 1; }
    dir="$(mktemp -d /tmp/visa-pg.XXXXXX)"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    durability="-c fsync=off"
    [ "${PG_DURABLE:-}" = 1 ] && durability="-c fsync=on"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1
    # A port given is tried once; a free one is chosen again (three tries) when another process
    # takes it before the server listens.
    for attempt in 1 2 3; do
      port="${2:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}"
      if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir $durability -c max_connections=200" start >/dev/null; then
        echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres PG_TEMP_DIR=$dir"
        exit 0
      fi
      [ -z "${2:-}" ] && grep -q "Address already in use" "$dir/server.log" && [ "$attempt" -lt 3 ] || break
      rm -f "$dir/server.log"
    done
    # Why, in the server's words (a port in use: "Address already in use"), and nothing left behind.
    cat "$dir/server.log" >&2 || true
    rm -rf "$dir"
    exit 1
    ;;
  stop)
    dir="${2:?directory}"
    bin="$(find_bin)"
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start [PORT] | stop DIR" >&2
    exit 2
    ;;
esac
