#!/usr/bin/env bash
# Builds the built-in pack's services (docs/operations.md "The built-in pack's services") with podman or docker,
# as localhost/drapeau-pack-<challenge>:1, from the Dockerfiles beside their challenge.yml. BASE_IMAGE is any Debian 12
# (default: the registry's debian:bookworm-slim; scripts/test-instances.sh passes its local one). Prints each build's time.
set -euo pipefail
cd "$(dirname "$0")/.."
ENGINE=${ENGINE:-$(command -v podman || command -v docker)}
BASE_IMAGE=${BASE_IMAGE:-docker.io/library/debian:bookworm-slim}
PACK=apps/server/src/modules/challenges/pack
for dir in "$PACK"/*/*/service; do
  challenge=$(basename "$(dirname "$dir")")
  image="localhost/drapeau-pack-$challenge:1"
  started=$(date +%s)
  "$ENGINE" build -q --network=host --build-arg BASE_IMAGE="$BASE_IMAGE" -t "$image" "$dir" >/dev/null
  echo "[pack services] $image built in $(($(date +%s) - started)) s"
done
