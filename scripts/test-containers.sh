#!/usr/bin/env bash
# The README's deploy steps, with podman (docs: README "Deploy"): builds the image, runs it on the embedded database
# (health, app, a restart keeps the data, stop time), then the compose stack on PostgreSQL and Redis (a player registers
# and solves). Run by `scripts/test.mjs` when CI is set, or `npm run test:containers`. Removes only what it started.
# No registry is reachable here: base images are built locally (scripts/containers/README.md).
# `build` installs podman and builds the images, `check` runs them (the image must be built); no argument does both.
# `npm test` starts `build` in the background early and runs `check` at the end (docs/conventions.md, "Scripts and CI").
set -euo pipefail
cd "$(dirname "$0")/.."
phase=${1:-all}
case "$phase" in build | check | all) ;; *) echo "usage: $0 [build|check]" >&2; exit 2 ;; esac
started=$(date +%s)
say() { echo "[containers $phase $(($(date +%s) - started))s] $*"; }

W=${DRAPEAU_CONTAINERS_DIR:-/tmp/drapeau-containers}
APP_PORT=${DRAPEAU_CONTAINERS_APP_PORT:-3940}
STACK_PORT=${DRAPEAU_CONTAINERS_STACK_PORT:-3941}
TAG=localhost/drapeau:ci
RUN_ID="drapeau-ci-$$"

source scripts/containers/podman-env.sh

cleanup() {
  set +e
  podman rm -f "$RUN_ID-app" >/dev/null 2>&1
  podman volume rm -f "$RUN_ID-data" >/dev/null 2>&1
  if [ -n "${stack_up:-}" ]; then
    podman-compose -p "$RUN_ID" -f compose.yaml -f scripts/containers/compose.test.yaml down >/dev/null 2>&1
    podman volume rm -f "${RUN_ID}_drapeau-data" "${RUN_ID}_postgres-data" "${RUN_ID}_redis-data" >/dev/null 2>&1
    podman network rm -f "${RUN_ID}_default" >/dev/null 2>&1
  fi
}
trap cleanup EXIT

if ! podman image exists localhost/drapeau-test-services:bookworm; then
  say "PostgreSQL and Redis stand-in from Debian packages"
  podman build -q --network=host -f scripts/containers/services-standin.Containerfile \
    -t localhost/drapeau-test-services:bookworm scripts/containers >/dev/null
fi

# 1. The image, as the README builds it (plus the proxy's CA for npm, and the host's npm cache to save downloads). Each
# build step's time goes to $W/build-steps.txt, to see what dominates the build. The packages and base images above are
# there already when `check` runs after `build`.
if [ "$phase" != check ]; then
  say "building $TAG"
  build_started=$(date +%s)
  podman build --format docker --network=host \
    -v /etc/ssl/certs/ca-certificates.crt:/run/host-ca.crt:ro --build-arg NODE_EXTRA_CA_CERTS=/run/host-ca.crt \
    -v "$(npm config get cache 2>/dev/null)":/host-npm-cache --build-arg NPM_CONFIG_CACHE=/host-npm-cache \
    -t "$TAG" . 2>&1 | while IFS= read -r line; do echo "$(date +%s) $line"; done > "$W/build.log" \
    || { tail -40 "$W/build.log" >&2; exit 1; }
  awk -v end="$(date +%s)" '/ STEP [0-9]+\/[0-9]+: / { if (step) printf "%4d s  %s\n", $1 - at, step; at = $1; $1 = ""; step = substr($0, 2) }
    END { if (step) printf "%4d s  %s\n", end - at, step }' "$W/build.log" > "$W/build-steps.txt"
  cat "$W/build-steps.txt"
  say "image built in $(($(date +%s) - build_started)) s"
fi
[ "$phase" != build ] || exit 0
# The challenge instances' suites and journey, on the same podman, with the checks at the end, alone: in the background
# build phase, beside the other suites (until 2026-11-29), their first instance start once took longer than its two
# minutes on a busy machine.
scripts/test-instances.sh all
podman image exists "$TAG" || { echo "no image $TAG: run $0 build first" >&2; exit 1; }
size=$(podman image inspect --format '{{.Size}}' "$TAG")
say "image size $((size / 1000000)) MB"

wait_for() { # url, seconds
  for _ in $(seq 1 "$2"); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    sleep 1
  done
  echo "no answer from $1 within $2 s" >&2
  return 1
}

# 2. One container on the embedded database, its data in a named volume.
APP_URL="http://127.0.0.1:$APP_PORT"
run_app() {
  podman run -d --init --name "$RUN_ID-app" -p "127.0.0.1:$APP_PORT:3000" -v "$RUN_ID-data:/data" \
    -e PUBLIC_URL="$APP_URL" -e ADMIN_EMAIL=admin@example.com -e ADMIN_USERNAME=admin -e ADMIN_PASSWORD=admin-password-ci \
    "$TAG" >/dev/null
}
run_app
wait_for "$APP_URL/api/health" 180
say "container answers /api/health"
node scripts/containers/smoke.mjs app "$APP_URL"
[ "$(podman exec "$RUN_ID-app" id -u)" != "0" ] || { echo "the app runs as root" >&2; exit 1; }
# Only production dependencies and the built app: no development tool, no web dependency, no source, and none of the
# packages the build bundles.
leftovers=$(podman exec "$RUN_ID-app" sh -c 'cd /app && for p in node_modules/typescript node_modules/vitest \
  node_modules/drizzle-kit node_modules/tsx node_modules/esbuild node_modules/vite node_modules/eslint node_modules/react \
  node_modules/fastify node_modules/better-auth node_modules/drizzle-orm node_modules/kysely node_modules/zod \
  apps/server/src apps/web/src; do [ ! -e "$p" ] || echo "$p"; done')
[ -z "$leftovers" ] || { echo "the image holds what production does not need: $leftovers" >&2; exit 1; }
# What the build leaves out of its bundle (the rest is in it, hence not above) is all there, with what it needs.
podman exec -w /app/apps/server/dist "$RUN_ID-app" node --input-type=module -e '
  import { readFileSync } from "node:fs";
  for (const name of JSON.parse(readFileSync("external-packages.json", "utf8"))) await import(name);'
podman healthcheck run "$RUN_ID-app" >/dev/null
node scripts/containers/smoke.mjs register "$APP_URL" keeper@example.com keeper-password
# A backup by the command-line tool while the server runs on the embedded database (it asks the server for it).
podman exec "$RUN_ID-app" npm run --silent drapeau -- backup /data/live-backup.tar.gz
stop_started=$(date +%s%N)
podman stop -t 10 "$RUN_ID-app" >/dev/null
stop_ms=$((($(date +%s%N) - stop_started) / 1000000))
# Reported, not asserted (the time depends on the machine): the server itself stops in a fraction of a second.
say "stop took $stop_ms ms (podman stop, SIGTERM to exit)"
exit_code=$(podman inspect --format '{{.State.ExitCode}}' "$RUN_ID-app")
[ "$exit_code" = "0" ] || { echo "the server exited with $exit_code on SIGTERM, not 0" >&2; exit 1; }
podman start "$RUN_ID-app" >/dev/null
wait_for "$APP_URL/api/health" 180
node scripts/containers/smoke.mjs login "$APP_URL" keeper@example.com keeper-password
say "the player survived a restart of the container"
podman exec "$RUN_ID-app" npm run --silent drapeau -- --help >/dev/null
podman rm -f "$RUN_ID-app" >/dev/null
podman volume rm -f "$RUN_ID-data" >/dev/null

# 3. The compose stack on PostgreSQL and Redis (podman-compose does not wait for health: start the services first).
STACK_URL="http://127.0.0.1:$STACK_PORT"
compose() {
  DRAPEAU_IMAGE=$TAG DRAPEAU_LISTEN="127.0.0.1:$STACK_PORT" PUBLIC_URL="$STACK_URL" \
    podman-compose -p "$RUN_ID" -f compose.yaml -f scripts/containers/compose.test.yaml "$@"
}
stack_up=1
compose up -d postgres redis >/dev/null 2>&1
for _ in $(seq 1 60); do
  podman exec "${RUN_ID}_postgres_1" pg_isready -h 127.0.0.1 -U drapeau -d drapeau >/dev/null 2>&1 && break
  sleep 1
done
compose up -d drapeau >/dev/null 2>&1
wait_for "$STACK_URL/api/ready" 180
node scripts/containers/smoke.mjs app "$STACK_URL"
node scripts/containers/smoke.mjs solve "$STACK_URL" admin@example.com admin-password-ci
podman exec "${RUN_ID}_drapeau_1" npm run --silent drapeau -- backup /data/ci-backup.tar.gz
say "compose stack: registered, solved, backed up on PostgreSQL"
say "done in $(($(date +%s) - started)) s; image $((size / 1000000)) MB"
