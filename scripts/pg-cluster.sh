#!/usr/bin/env bash
# Throw-away PostgreSQL cluster on 127.0.0.1 for the tests: `pg-cluster.sh start DIR PORT` / `stop DIR`
# (PG_DURABLE=1: with PostgreSQL's durable defaults instead of fsync, synchronous_commit and full_page_writes off).
# Prints nothing on success of start but the connection URL; exits 3 when no PostgreSQL binaries exist.
set -u
bindir=""
if command -v initdb >/dev/null 2>&1; then bindir=$(dirname "$(readlink -f "$(command -v initdb)")");
else bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1); fi
[ -n "$bindir" ] && [ -x "$bindir/initdb" ] || { echo "no PostgreSQL binaries" >&2; exit 3; }
cmd=$1; dir=$2; port=${3:-54329}
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "$cmd" in
  start)
    # tests run without durability (nothing to keep); PG_DURABLE=1 keeps PostgreSQL's defaults, as production runs
    fast="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    [ "${PG_DURABLE:-}" = 1 ] && fast=""
    rm -rf "$dir"; mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_pg "$bindir/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-h 127.0.0.1 -p $port -k $dir -c max_connections=300 $fast" start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_pg "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
esac
