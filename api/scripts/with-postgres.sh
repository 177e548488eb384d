#!/usr/bin/env bash
# Runs CMD... with DATABASE_URL pointing at a throwaway PostgreSQL cluster:
#   api/scripts/with-postgres.sh npx jest --selectProjects api
# - finds pg_ctl/initdb (PATH, then /usr/lib/postgresql/*/bin);
# - if missing, tries `apt-get install -y postgresql`, only when running as root and CI or INSTALL_PG=1;
# - creates a cluster in a temp dir on a free loopback port (as the 'postgres' or 'nobody' user when root),
#   runs CMD, then stops and deletes the cluster (also on failure or Ctrl-C);
# - when PostgreSQL can't be had, prints one line "PostgreSQL data-layer tests: SKIPPED (<reason>)" and exits 0.
# Exit status: CMD's.
set -euo pipefail

skip() {
  echo "PostgreSQL data-layer tests: SKIPPED ($1)"
  exit 0
}

[ "$#" -gt 0 ] || { echo "usage: $0 CMD [ARGS...]" >&2; exit 2; }

find_bin_dir() {
  local ctl
  ctl="$(command -v pg_ctl 2>/dev/null || true)"
  if [ -n "$ctl" ] && [ -x "$(dirname "$(readlink -f "$ctl")")/initdb" ]; then
    dirname "$(readlink -f "$ctl")"
    return 0
  fi
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -n "$dir" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/initdb" ]; then
    echo "$dir"
    return 0
  fi
  return 1
}

BIN="$(find_bin_dir || true)"
if [ -z "$BIN" ]; then
  if [ "$(id -u)" = "0" ] && { [ -n "${CI:-}" ] || [ "${INSTALL_PG:-}" = "1" ]; }; then
    echo "PostgreSQL not found: installing it with apt-get ..." >&2
    if ! { DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >/dev/null 2>&1 \
      || { apt-get update >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >/dev/null 2>&1; }; }; then
      skip "apt-get install postgresql failed"
    fi
    BIN="$(find_bin_dir || true)"
    [ -n "$BIN" ] || skip "postgresql installed but pg_ctl/initdb not found"
  else
    skip "pg_ctl/initdb not found; as root, set INSTALL_PG=1 to install postgresql"
  fi
fi

# PostgreSQL refuses to run as root: use an unprivileged user for the server.
RUN=()
if [ "$(id -u)" = "0" ]; then
  if id postgres >/dev/null 2>&1; then PGUSER_OS=postgres; else PGUSER_OS=nobody; fi
  if command -v runuser >/dev/null 2>&1; then RUN=(runuser -u "$PGUSER_OS" --)
  elif command -v setpriv >/dev/null 2>&1; then RUN=(setpriv --reuid="$PGUSER_OS" --regid="$(id -g "$PGUSER_OS")" --clear-groups --)
  else skip "running as root without runuser/setpriv to drop privileges"
  fi
fi

TMP="$(mktemp -d "${TMPDIR:-/tmp}/pg-throwaway.XXXXXX")"
cleanup() {
  if [ -f "$TMP/data/postmaster.pid" ]; then
    "${RUN[@]}" "$BIN/pg_ctl" -D "$TMP/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
[ "${#RUN[@]}" -eq 0 ] || chown "$PGUSER_OS" "$TMP"
chmod 700 "$TMP"

PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"

init() { "${RUN[@]}" "$BIN/initdb" -D "$TMP/data" -U tours -A trust -E UTF8 -N "$@" >"$TMP/initdb.log" 2>&1; }
if ! init --locale=C.UTF-8; then
  rm -rf "$TMP/data"
  init --no-locale || skip "initdb failed: $(tail -n 1 "$TMP/initdb.log")"
fi
if ! "${RUN[@]}" "$BIN/pg_ctl" -D "$TMP/data" -l "$TMP/server.log" -w -t 30 \
  -o "-p $PORT -k $TMP -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null 2>&1; then
  skip "the server did not start: $(tail -n 1 "$TMP/server.log" 2>/dev/null)"
fi

export DATABASE_URL="postgres://tours@127.0.0.1:$PORT/postgres"
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (throwaway cluster in $TMP)" >&2
set +e
"$@"
status=$?
set -e
exit "$status"
