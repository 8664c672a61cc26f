#!/usr/bin/env bash
# A production install, proved as an operator (or deploy/Dockerfile) does it: `npm run build`, then dist/ copied
# alone with package.json and package-lock.json into an empty folder, `npm ci --omit=dev` there, and every command
# run with plain `node` against a scratch PostgreSQL database with production settings (the staging opt-in, since
# no Stripe or SMTP is reachable here): check-config, db-migrate, the server (a page, the catalog API, an admin
# sign-in), admin-reset-password, db-backup while it runs, db-restore after it stopped, a second start on the
# restored database, and the monthly restore drill into a scratch database. Run by .ci/run; `SKIP_BUILD=1` reuses a
# fresh dist/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
[ "${SKIP_BUILD:-}" = 1 ] || npm run build

work="$(mktemp -d)"
database="coolrent_production_install_$$"
drill="coolrent_restore_drill_$$"
postgres="${PRODUCTION_INSTALL_POSTGRES:-postgres://postgres@127.0.0.1:5432}"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  psql "$postgres/test" -qc "drop database if exists $database" >/dev/null 2>&1 || true
  psql "$postgres/test" -qc "drop database if exists $drill" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
step() { printf '\n== %s\n' "$*"; }
fail() {
  echo "production install: $*" >&2
  [ -f "$work/server.log" ] && tail -20 "$work/server.log" >&2
  exit 1
}

step "copy dist/, package.json, package-lock.json to $work; npm ci --omit=dev"
cp -R dist package.json package-lock.json "$work/"
cd "$work"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
for tool in tsx vite esbuild vitest; do
  [ ! -e "node_modules/$tool" ] || fail "dev dependency $tool was installed"
done

psql "$postgres/test" -qc "create database $database" >/dev/null
port=$((20000 + RANDOM % 20000))
export NODE_ENV=production PORT="$port" HOST=127.0.0.1 PUBLIC_URL="http://127.0.0.1:$port" DATA_DIR="$work/data"
export DATABASE_URL="$postgres/$database" SESSION_SECRET="production-install-check-$(date +%s)-0123456789abcdef"
export ALLOW_TEST_PAYMENTS_AND_OUTBOX=true STRIPE_WEBHOOK_SECRET="whsec_production_install_check_$$"
export ADMIN_USERNAME=owner ADMIN_PASSWORD="first password of the owner"
unset TEST_DATABASE_URL

start_server() {
  node dist/server/main.js >>"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 60); do
    curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && return 0
    kill -0 "$server_pid" 2>/dev/null || fail "the server exited"
    sleep 0.5
  done
  fail "the server was not ready within 30 s"
}
stop_server() {
  kill -TERM "$server_pid"
  wait "$server_pid" || fail "the server did not stop cleanly on SIGTERM"
  server_pid=""
}
# `page URL TEXT`: the body goes to a file first (`curl | grep -q` fails under pipefail when grep stops early).
page() { curl -fsS -o "$work/page" "http://127.0.0.1:$port$1" && grep -q "$2" "$work/page"; }
sign_in() {
  curl -sS -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
    -d "{\"username\":\"owner\",\"password\":\"$1\"}" "http://127.0.0.1:$port/api/admin/login" || true
}

step "node dist/scripts/check-config.js"
node dist/scripts/check-config.js
step "node dist/scripts/db-migrate.js"
node dist/scripts/db-migrate.js

step "node dist/server/main.js"
start_server
page / '<html' || fail "/ did not serve the home page"
page /catalog 'BTU' || fail "/catalog did not list the unit models"
page /api/unit-models '"id"' || fail "/api/unit-models answered no model"
[ "$(sign_in 'first password of the owner')" = 200 ] || fail "the owner could not sign in"
echo "/, /catalog and /api/unit-models served; the owner signed in"

step "node dist/scripts/admin-reset-password.js owner"
echo "a new password after a reset" | node dist/scripts/admin-reset-password.js owner
[ "$(sign_in 'first password of the owner')" != 200 ] || fail "the old password still signs in"
[ "$(sign_in 'a new password after a reset')" = 200 ] || fail "the new password does not sign in"
echo "the new password signs in, the old one no longer does"

step "node dist/scripts/db-backup.js (while the server runs)"
node dist/scripts/db-backup.js "$work/backup.dump"
psql "$DATABASE_URL" -qc "delete from unit_models" >/dev/null 2>&1 ||
  psql "$DATABASE_URL" -qc "update unit_models set name = 'changed after the backup'" >/dev/null
stop_server

step "node dist/scripts/db-restore.js --yes (server stopped)"
node dist/scripts/db-restore.js "$work/backup.dump" --yes
start_server
page /api/unit-models 'BTU' || fail "the restored database lost the unit models"
! grep -q 'changed after the backup' "$work/page" || fail "the restore did not bring back the backup's data"
stop_server

step "the monthly restore drill: the backup into a scratch database, the live one untouched"
psql "$postgres/test" -qc "create database $drill" >/dev/null
DATABASE_URL="$postgres/$drill" node dist/scripts/db-restore.js "$work/backup.dump" --yes
[ "$(psql "$postgres/$drill" -tAc 'select count(*) from unit_models')" = 2 ] || fail "the drill restored no unit models"
echo "the scratch database holds the backup's 2 unit models"
echo
echo "production install: passed (dist/ alone, npm ci --omit=dev, plain node, PostgreSQL, backup and restore)"
