#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what tests need, then runs every suite and ends with
# one line totalling them all: "N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
rm -f .tmp/results-*.json .tmp/jest-*.json .tmp/e2e-report.json
log() { printf '\n=== %s\n' "$*"; }
check() { # name, command...: a check counts as one test
  local name=$1; shift
  if "$@"; then echo "{\"name\":\"$name\",\"passed\":1,\"failed\":0}" > ".tmp/results-check-$name.json";
  else echo "{\"name\":\"$name\",\"passed\":0,\"failed\":1}" > ".tmp/results-check-$name.json"; fi
}

log "install"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund || exit 1
fi
if ! command -v chromium >/dev/null 2>&1 && [ -z "${CHROMIUM_PATH:-}" ]; then
  log "installing Debian chromium for the browser tests"
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) || echo "chromium install failed"
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium || echo "chromium install failed"
  fi
fi

# The SIP registrar of the internet calls (scripts/lib/kamailio.mjs; the e2e setup starts it).
if ! node -e "import('./scripts/lib/kamailio.mjs').then((k) => process.exit(k.kamailioMissing() ? 1 : 0))"; then
  log "installing Debian kamailio for the internet calls"
  KAM_PKGS="kamailio kamailio-websocket-modules kamailio-autheph-modules"
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $KAM_PKGS) || echo "kamailio install failed"
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $KAM_PKGS || echo "kamailio install failed"
  fi
fi

log "lint"
check lint npx eslint . --max-warnings=0
log "typecheck"
check typecheck npx tsc -p tsconfig.json --noEmit
log "duplicates (jscpd, .jscpd.json: pairs of places sharing 6+ lines, at most scripts/check-duplicates.mjs MAX_PAIRS)"
check duplicates node scripts/check-duplicates.mjs
log "unused exports, files and dependencies (knip, knip.json: none allowed, configuration hints included)"
check knip npx knip --no-progress --treat-config-hints-as-errors

log "unit and integration tests (jest: shared, host, microfrontends, widgets, api on SQLite)"
FULL_SEED=1 npx jest --ci --json --outputFile=.tmp/jest-main.json 2>&1 | tail -n 60

log "api data layer on PostgreSQL"
if [ -x api/scripts/with-postgres.sh ]; then
  INSTALL_PG=1 bash api/scripts/with-postgres.sh npx jest --ci --selectProjects api --json --outputFile=.tmp/jest-postgres.json 2>&1 | tail -n 30
else
  echo "PostgreSQL data-layer tests: SKIPPED (api/scripts/with-postgres.sh missing)"
fi

log "build host and microfrontends"
check build node scripts/build-all.mjs

log "cluster (issue 31: PostgreSQL, HAProxy, 2 API + 2 host processes; each check one test: scripts/cluster/suite.mjs)"
node --import tsx scripts/cluster/suite.mjs 2>&1 | grep -v -E '^(\{"level"|\[WARNING\]|\[ALERT\]|<[0-9]>)' | tail -n 40

log "browser tests (Playwright, Debian chromium)"
(cd e2e && npx playwright test) 2>&1 | tail -n 80

log "summary"
node scripts/test-summary.mjs
