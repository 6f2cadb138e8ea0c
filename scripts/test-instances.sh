#!/usr/bin/env bash
# Challenge instances on the real local engine (podman's Docker-compatible service, started by the tests on a socket of
# their own): docs/operations.md "Challenge instances". `suites`: the provider contract suite, the route suite on the
# engine, the build and the pull from a registry, and the pack services' suite; `journey`: the
# Playwright journey (e2e/instances.spec.ts) against the built app (built here if missing); no argument does both.
# scripts/test-containers.sh runs both in its `check` phase (CI), after the journeys, alone.
# Installs podman, the base images and docker-registry if missing; needs root (podman, iptables).
set -euo pipefail
cd "$(dirname "$0")/.."
phase=${1:-all}
case "$phase" in suites | journey | all) ;; *) echo "usage: $0 [suites|journey]" >&2; exit 2 ;; esac
started=$(date +%s)
say() { echo "[instances $phase $(($(date +%s) - started))s] $*"; }
W=${DRAPEAU_CONTAINERS_DIR:-/tmp/drapeau-containers}
source scripts/containers/podman-env.sh
# The pull suite's registry (instances-pull.routes.test.ts): Debian's distribution 2.8, served by the test itself.
if ! dpkg -s docker-registry >/dev/null 2>&1; then
  say "installing docker-registry"
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends docker-registry >/dev/null
fi
# The host rule of docs/operations.md "Challenge instances": connections opened from the instances' pool are dropped.
POOL=10.213.0.0/16
rule=(PREROUTING -s "$POOL" -m conntrack --ctstate NEW -j DROP)
added=""
service_pid=""
engine_dir=""
cleanup() {
  [ -z "$service_pid" ] || kill "$service_pid" 2>/dev/null || true
  [ -z "$engine_dir" ] || rm -rf "$engine_dir"
  [ -z "$added" ] || iptables -t mangle -D "${rule[@]}"
}
trap cleanup EXIT
if ! iptables -t mangle -C "${rule[@]}" 2>/dev/null; then iptables -t mangle -I "${rule[@]}"; added=1; fi
# The server builds the pack's services (and the suites and the bench build them with its code) from their
# Dockerfiles' default base, which no registry serves here: the local Debian 12 stands in for it (docs/operations.md
# "The built-in pack's services").
podman image exists docker.io/library/debian:bookworm-slim || podman tag localhost/debian:bookworm docker.io/library/debian:bookworm-slim
if [ "$phase" != journey ]; then
  say "provider contract suite, routes on the engine, the pack's services"
  DRAPEAU_INSTANCE_TESTS=1 npx vitest run --project server apps/server/src/modules/instances/
fi
if [ "$phase" != suites ]; then
  [ -f apps/server/dist/main.js ] || { say "building the app"; npm run build >/dev/null; }
  engine_dir=$(mktemp -d /tmp/drapeau-journey-engine-XXXXXX)
  podman system service --time=0 "unix://$engine_dir/engine.sock" &
  service_pid=$!
  for _ in $(seq 1 100); do [ -S "$engine_dir/engine.sock" ] && break; sleep 0.1; done
  say "journey: a player starts, exploits and stops the pack's services"
  DRAPEAU_INSTANCE_TESTS=1 INSTANCES_ENGINE_SOCKET="$engine_dir/engine.sock" E2E_PORT=${E2E_INSTANCES_PORT:-4391} \
    DATABASE_URL='' npx playwright test e2e/instances.spec.ts
fi
say "done"
