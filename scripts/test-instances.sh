#!/usr/bin/env bash
# The challenge instances' provider contract suite on the real local engine (podman's Docker-compatible service, started
# by the tests on a socket of their own): docs/operations.md "Challenge instances". Run by scripts/test-containers.sh's
# `build` phase in CI (in the background), or `npm run test:instances`. Installs podman and the base images if missing; needs root (podman, iptables).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
say() { echo "[instances $(($(date +%s) - started))s] $*"; }
W=${DRAPEAU_CONTAINERS_DIR:-/tmp/drapeau-containers}
source scripts/containers/podman-env.sh
# The host rule of docs/operations.md "Challenge instances": connections opened from the instances' pool are dropped.
POOL=10.213.0.0/16
rule=(PREROUTING -s "$POOL" -m conntrack --ctstate NEW -j DROP)
added=""
if ! iptables -t mangle -C "${rule[@]}" 2>/dev/null; then iptables -t mangle -I "${rule[@]}"; added=1; fi
trap '[ -z "$added" ] || iptables -t mangle -D "${rule[@]}"' EXIT
say "the built-in pack's services"
BASE_IMAGE=localhost/debian:bookworm bash scripts/build-pack-services.sh
say "provider contract suite"
DRAPEAU_INSTANCE_TESTS=1 npx vitest run --project server apps/server/src/modules/instances/
say "done"
