#!/usr/bin/env bash
# A private, throw-away PostgreSQL server for one test run, independent of whatever the machine
# already runs: Debian's `main` cluster may be running, stopped, broken or missing, port 5432 may
# belong to something else, and databases of earlier runs may be lying around. None of that matters
# here, because this server has its own fresh data directory, its own free port on 127.0.0.1 and its
# own socket directory, and is removed when the run ends.
#
#   scripts/test-postgres.sh start   prints DIR and URL lines (DIR=..., URL=postgres://...)
#   scripts/test-postgres.sh stop DIR
#
# Installs Debian's postgresql when no server binaries are present (needs root or sudo). Durability
# is off (fsync, synchronous_commit, full_page_writes): the data dies with the run anyway.
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
# PostgreSQL refuses to run as root: as root, run its programs as the postgres user.
as_owner() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

free_port() {
  node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# Removes the directories of earlier runs whose server is no longer alive (a run that was killed).
# Only those older than ten minutes: a run starting right now has no postmaster.pid yet.
sweep_stale() {
  local dir pid
  for dir in "${TMPDIR:-/tmp}"/finance-test-pg.*; do
    [ -d "$dir" ] || continue
    [ -n "$(find "$dir" -maxdepth 0 -mmin +10)" ] || continue
    pid=$(head -1 "$dir/data/postmaster.pid" 2>/dev/null || true)
    if [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; then rm -rf "$dir"; fi
  done
}

start() {
  if [ -z "$(bindir)" ]; then
    echo "Installing Debian postgresql (missing) ..." >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >&2
  fi
  local bin dir port
  bin=$(bindir)
  sweep_stale
  dir=$(mktemp -d "${TMPDIR:-/tmp}/finance-test-pg.XXXXXX")
  chmod 755 "$dir"
  printf 'postgres\n' >"$dir/password"
  [ "$(id -u)" -eq 0 ] && chown -R postgres: "$dir"
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --pwfile="$dir/password" --auth=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
  # The port is free when picked; should another process take it before the server binds, try again.
  for _ in 1 2 3 4 5; do
    port=$(free_port)
    if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
      >/dev/null; then
      echo "DIR=$dir"
      echo "URL=postgres://postgres:postgres@127.0.0.1:$port/postgres"
      return 0
    fi
  done
  cat "$dir/server.log" >&2
  exit 1
}

stop() {
  local dir=${1:?usage: test-postgres.sh stop DIR}
  [ -d "$dir/data" ] && as_owner "$(bindir)/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}

case "${1:-}" in
start) start ;;
stop) stop "${2:-}" ;;
*)
  echo "usage: $0 start | stop DIR" >&2
  exit 2
  ;;
esac
