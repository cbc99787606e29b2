#!/usr/bin/env bash
# A PostgreSQL primary and a streaming replica of their own, for REPORTING_DATABASE_URL (docs/scaling.md):
#
#   scripts/replica.sh start [DIR]     initdb a primary, pg_basebackup -R a replica from it, start both on
#                                      free ports, wait until the replica streams; prints PRIMARY_URL,
#                                      REPLICA_URL and REPLICA_DIR (DIR: a new temporary folder by default)
#   scripts/replica.sh stop-replica DIR   stops the replica only (the primary keeps running)
#   scripts/replica.sh stop DIR        stops both and removes DIR
#
# For testing and trying out only: both trust every local connection (no password) and listen on
# 127.0.0.1. PostgreSQL refuses to run as root, so as root the servers run as the `postgres` system
# user; the machine's own PostgreSQL (if any) is not touched.
set -euo pipefail

bindir() {
  local ctl
  ctl=$(command -v pg_ctl || true)
  if [ -n "$ctl" ]; then dirname "$(readlink -f "$ctl")"; return; fi
  # Debian keeps the server's programs out of PATH.
  ctl=$(ls -d /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$ctl" ] || { echo "replica.sh: PostgreSQL's pg_ctl was not found (Debian: apt-get install postgresql-15)" >&2; exit 1; }
  dirname "$ctl"
}
BIN=$(bindir)

# Runs a PostgreSQL program as the postgres system user when we are root, else as ourselves.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

sql() { # port, statement
  as_pg "$BIN/psql" -h 127.0.0.1 -p "$1" -U postgres -d postgres -Atqc "$2"
}

start() {
  local dir=${1:-}
  if [ -z "$dir" ]; then dir=$(mktemp -d "${TMPDIR:-/tmp}/orbit-replica.XXXXXX"); else mkdir -p "$dir"; fi
  [ "$(id -u)" = 0 ] && chown postgres: "$dir"
  # A start that fails half way leaves nothing running and nothing behind.
  trap 'stop_one "$dir/replica"; stop_one "$dir/primary"; rm -rf "$dir"' ERR
  local pport rport
  pport=$(free_port)
  rport=$(free_port)
  while [ "$rport" = "$pport" ]; do rport=$(free_port); done

  as_pg "$BIN/initdb" -D "$dir/primary" -U postgres --auth=trust --no-sync >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; false; }
  cat >>"$dir/primary/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $pport
unix_socket_directories = '$dir'
wal_level = replica
max_wal_senders = 4
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
  echo "host replication postgres 127.0.0.1/32 trust" >>"$dir/primary/pg_hba.conf"
  as_pg "$BIN/pg_ctl" -D "$dir/primary" -l "$dir/primary.log" -w -t 30 start >/dev/null ||
    { cat "$dir/primary.log" >&2; false; }
  sql "$pport" "create database orbit" >/dev/null

  # -R writes standby.signal and primary_conninfo: the copy starts as a streaming replica.
  as_pg "$BIN/pg_basebackup" -h 127.0.0.1 -p "$pport" -U postgres -D "$dir/replica" -R -X stream -c fast --no-sync >"$dir/basebackup.log" 2>&1 ||
    { cat "$dir/basebackup.log" >&2; false; }
  cat >>"$dir/replica/postgresql.conf" <<EOF
port = $rport
hot_standby = on
# Long report queries are otherwise cancelled when vacuum on the primary removes rows they still see.
hot_standby_feedback = on
EOF
  as_pg "$BIN/pg_ctl" -D "$dir/replica" -l "$dir/replica.log" -w -t 30 start >/dev/null ||
    { cat "$dir/replica.log" >&2; false; }

  local i
  for i in $(seq 1 100); do
    [ "$(sql "$pport" "select count(*) from pg_stat_replication where state = 'streaming'")" = 1 ] && break
    [ "$i" = 100 ] && { echo "replica.sh: the replica did not start streaming" >&2; tail -n 20 "$dir/replica.log" >&2; false; }
    sleep 0.1
  done
  trap - ERR
  echo "PRIMARY_URL=postgres://postgres@127.0.0.1:$pport/orbit"
  echo "REPLICA_URL=postgres://postgres@127.0.0.1:$rport/orbit"
  echo "REPLICA_DIR=$dir"
}

stop_one() { # data directory
  [ -f "$1/postmaster.pid" ] && as_pg "$BIN/pg_ctl" -D "$1" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
}

case "${1:-}" in
  start) start "${2:-}" ;;
  stop-replica)
    [ -n "${2:-}" ] || { echo "usage: $0 stop-replica DIR" >&2; exit 2; }
    stop_one "$2/replica" ;;
  stop)
    [ -n "${2:-}" ] || { echo "usage: $0 stop DIR" >&2; exit 2; }
    stop_one "$2/replica"
    stop_one "$2/primary"
    rm -rf "$2" ;;
  *) echo "usage: $0 start [DIR] | stop-replica DIR | stop DIR" >&2; exit 2 ;;
esac
