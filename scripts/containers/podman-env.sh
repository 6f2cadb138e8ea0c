#!/usr/bin/env bash
# Podman as these machines need it (scripts/containers/README.md): installs what is missing, writes the configuration in
# $W before the first podman call, exports it, and builds the local base images (Debian by debootstrap, the Node 20
# stand-in). Sourced by scripts/test-containers.sh and scripts/test-instances.sh, which define W and say().
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
# Named explicitly, since an install without recommendations lacks them: catatonit, the init that `podman run --init` and
# compose's `init: true` start; netavark and aardvark-dns, the network backend whose DNS lets compose services reach each
# other by name (the fallback, CNI without its dnsname plugin, cannot); iptables, which netavark runs to set up every
# container's network (without it: "netavark: No such file or directory").
missing=()
for package in podman buildah runc debootstrap podman-compose catatonit netavark aardvark-dns iptables; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Podman's configuration, written before the first podman call (see the recipe in scripts/containers/README.md).
mkdir -p "$W/conf/networks" "$W/tmp"
cat > "$W/conf/storage.conf" <<CONF
[storage]
driver = "overlay"
runroot = "$W/run"
graphroot = "$W/storage"
CONF
cat > "$W/conf/containers.conf" <<CONF
[containers]
default_ulimits = ["nofile=$(ulimit -Hn):$(ulimit -Hn)", "nproc=32768:32768"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
events_logfile_path = "$W/run/events.log"
tmp_dir = "$W/run/libpod"
image_copy_tmp_dir = "$W/tmp"
[network]
network_backend = "netavark"
network_config_dir = "$W/conf/networks"
CONF
export CONTAINERS_STORAGE_CONF=$W/conf/storage.conf CONTAINERS_CONF=$W/conf/containers.conf TMPDIR=$W/tmp

# Base images, kept between runs in $W: Debian by debootstrap, then the node and services stand-ins.
if ! podman image exists localhost/debian:bookworm; then
  say "debootstrap bookworm"
  rm -rf "$W/rootfs"
  $SUDO debootstrap --variant=minbase bookworm "$W/rootfs" http://deb.debian.org/debian >/dev/null
  rm -rf "$W/rootfs"/var/cache/apt/archives/*.deb "$W/rootfs"/var/lib/apt/lists/* "$W/rootfs/etc/resolv.conf" "$W/rootfs/etc/hostname"
  tar -C "$W/rootfs" -c . | podman import --change 'CMD ["/bin/bash"]' - localhost/debian:bookworm >/dev/null
  rm -rf "$W/rootfs"
fi
if ! podman image exists docker.io/library/node:20-bookworm-slim; then
  say "node:20-bookworm-slim stand-in from the host's $(node --version)"
  ctx="$W/node-context"; rm -rf "$ctx"; mkdir -p "$ctx/node_modules"
  cp "$(command -v node)" "$ctx/node"
  npm_root="$(npm root -g)"
  cp -r "$npm_root/npm" "$ctx/node_modules/"
  podman build -q -f scripts/containers/node-standin.Containerfile -t docker.io/library/node:20-bookworm-slim "$ctx" >/dev/null
  rm -rf "$ctx"
fi
