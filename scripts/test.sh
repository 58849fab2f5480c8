#!/usr/bin/env bash
# The one test command (README: `npm test`). Installs what is missing, type-checks, builds, smoke-tests the built server, then runs
# unit tests, API tests on the embedded database, the same API tests on a throw-away PostgreSQL,
# and the Playwright tests in Chromium. Ends with one "Total: N passed, N failed" line.
set -u
cd "$(dirname "$0")/.."
root=$(pwd)
results="$root/.tmp/test-results"
rm -rf "$results"; mkdir -p "$results"
failed=()
step() { local name=$1; shift; echo; echo "=== $name"; local t0=$SECONDS; if "$@"; then echo "=== $name: ok ($((SECONDS - t0)) s)"; else echo "=== $name: FAILED ($((SECONDS - t0)) s)"; failed+=("$name"); fi; }

bash scripts/ensure-system.sh
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "=== npm ci"; npm ci --no-audit --no-fund || { echo "npm ci failed"; exit 1; }
fi

vitest() { local dir=$1 out=$2; shift 2; (cd "$dir" && npx vitest run --passWithNoTests --reporter=default --reporter=json --outputFile.json="$results/$out.json" "$@"); }

step "type check" bash scripts/typecheck.sh
step "unit: contracts" vitest packages/contracts contracts
step "unit: console" vitest apps/admin admin
step "unit: site" vitest apps/site site
step "build console, site and server" npm run build --silent
# the production build of the server (node dist/main.js, as npm start runs it) on a fresh database, port 18870
step "smoke: built server" vitest apps/server server-built --config smoke/vitest.config.ts
step "api: embedded database (PGlite)" vitest apps/server server-pglite

pgdir="$root/.tmp/pg"
if pgurl=$(bash scripts/pg-cluster.sh start "$pgdir" 54329); then
  step "api: PostgreSQL $(psql "$pgurl" -tAc 'show server_version' 2>/dev/null)" env TEST_DATABASE_URL="$pgurl" bash -c "cd apps/server && npx vitest run --reporter=default --reporter=json --outputFile.json='$results/server-postgres.json'"
  bash scripts/pg-cluster.sh stop "$pgdir"
else
  echo; echo "=== api: PostgreSQL SKIPPED — no PostgreSQL could be started on this machine"
fi

step "e2e: Playwright in Chromium" env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" bash -c "cd e2e && npx playwright test --reporter=list,json"

node scripts/test-summary.mjs "$results"
if [ ${#failed[@]} -gt 0 ]; then echo "Failed steps: ${failed[*]}"; exit 1; fi
