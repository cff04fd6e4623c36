#!/usr/bin/env bash
# Installs what fairdeck needs and is missing: Debian packages (Emscripten, zopfli, Chromium, compilers,
# GoogleTest, Google Benchmark, clang's sanitizer runtime, libsodium), the C sources of the same
# libsodium for the WASM build (scripts/libsodium-source.sh) and the npm packages. Safe to re-run:
# it installs nothing that is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
have() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for pkg in emscripten zopfli chromium cmake g++ libgtest-dev libbenchmark-dev clang libclang-rt-14-dev python3 libsodium-dev pkg-config dpkg-dev; do
  have "$pkg" || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${need[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# libsodium's C sources, the version libsodium-dev is, checked and unpacked into build/libsodium.
bash scripts/libsodium-source.sh

# npm packages: install when node_modules is missing or older than the lock file.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages"
  # npm ci refuses a lock that lacks some optional platform binaries (@napi-rs/canvas ships one
  # package per OS; the registry this project's machines reach serves only the Linux ones), so
  # fall back to npm install, which installs the same locked versions and skips what is missing.
  npm ci --no-audit --no-fund --loglevel=error 2>/dev/null ||
    npm install --no-audit --no-fund --loglevel=error
fi
