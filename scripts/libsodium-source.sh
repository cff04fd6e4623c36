#!/usr/bin/env bash
# Fetches the C sources of Debian's libsodium, of exactly the version of the libsodium-dev that
# the native build links, into build/libsodium/ (a cache, never in the repository), for the WASM
# build (CMakeLists.txt, target fairdeck_sodium). Called by scripts/setup.sh; safe to re-run: it
# does nothing when build/libsodium/VERSION already names the installed version.
#
# How the sources are checked (docs/cryptography.md):
# - `apt-get source` takes the .dsc, the upstream tarball and Debian's patches from the deb-src
#   entry this script adds (the machine's own Debian mirrors, with deb turned into deb-src);
# - the .dsc's SHA-256 must be the one listed in apt's signed Sources index (`apt-cache showsrc`),
#   and every file's SHA-256 the one listed in the .dsc;
# - dpkg-source then unpacks the tarball and applies Debian's patches (the security fixes of
#   Debian's package), so the WASM build compiles the same code as Debian's binary package.
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
version=$(dpkg-query -W -f='${Version}' libsodium-dev 2>/dev/null || true)
[ -n "$version" ] || { echo "libsodium-source: libsodium-dev is not installed; run bash scripts/setup.sh" >&2; exit 1; }
dir=build/libsodium
if [ -f "$dir/VERSION" ] && [ "$(cat "$dir/VERSION")" = "$version" ] && [ -f "$dir/src/src/libsodium/include/sodium.h" ]; then
  exit 0
fi
echo "setup: fetching Debian's libsodium $version C sources for the WASM build (build/libsodium)"
# A deb-src entry for each deb entry of the machine's deb822 sources, unless one exists already.
if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src ' /etc/apt/sources.list; then
  src=/etc/apt/sources.list.d/debian.sources
  [ -f "$src" ] || { echo "libsodium-source: no $src to derive a deb-src entry from; add one for libsodium by hand" >&2; exit 1; }
  sed 's/^Types: deb$/Types: deb-src/' "$src" | $SUDO tee /etc/apt/sources.list.d/fairdeck-deb-src.sources >/dev/null
  $SUDO apt-get update -qq
fi
apt-cache showsrc libsodium 2>/dev/null | grep -qx "Version: $version" || $SUDO apt-get update -qq
rm -rf "$dir"
mkdir -p "$dir/fetch"
chmod 777 "$dir/fetch"   # apt's download user writes here
(cd "$dir/fetch" && apt-get source --download-only -qq "libsodium=$version" 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
dsc=$(ls "$dir"/fetch/*.dsc 2>/dev/null | head -1)
[ -n "$dsc" ] || { echo "libsodium-source: apt-get source fetched no .dsc for libsodium=$version" >&2; exit 1; }
# 1. The .dsc against apt's signed index (the file name carries the version).
want=$(apt-cache showsrc libsodium | awk -v f="$(basename "$dsc")" '/^Checksums-Sha256:/{s=1;next} /^[^ ]/{s=0} s && $3==f {print $1; exit}')
have=$(sha256sum "$dsc" | cut -d' ' -f1)
[ -n "$want" ] && [ "$want" = "$have" ] || { echo "libsodium-source: $(basename "$dsc") has SHA-256 $have, apt's index says '${want:-nothing}'" >&2; exit 1; }
# 2. Every file against the .dsc.
awk '/^Checksums-Sha256:/{s=1;next} /^[^ ]/{s=0} s {print $1 "  " $3}' "$dsc" > "$dir/fetch/SHA256SUMS"
[ -s "$dir/fetch/SHA256SUMS" ] || { echo "libsodium-source: $(basename "$dsc") lists no SHA-256 checksums" >&2; exit 1; }
(cd "$dir/fetch" && sha256sum --quiet -c SHA256SUMS) || { echo "libsodium-source: a fetched file does not match its .dsc" >&2; exit 1; }
# 3. Unpack with Debian's patches applied.
command -v dpkg-source >/dev/null || { DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends dpkg-dev >/dev/null; }
dpkg-source --no-check -x "$dsc" "$dir/src" >/dev/null   # --no-check: the checksums were checked above against the signed index
[ -f "$dir/src/src/libsodium/include/sodium.h" ] || { echo "libsodium-source: the unpacked tree has no src/libsodium/include/sodium.h" >&2; exit 1; }
echo "$version" > "$dir/VERSION"
echo "setup: libsodium $version sources checked and unpacked (build/libsodium/src)"
