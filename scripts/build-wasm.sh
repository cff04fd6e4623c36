#!/usr/bin/env bash
# Builds the WASM module (ES-module factory + .wasm) into web/src/wasm/, where the package's
# loader imports it. Rebuilds only when a C++ source or the CMake file is newer than the output.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # docs/toolchain.md, pitfall 1: emcc's optimizer needs acorn
out=web/src/wasm
stamp=$out/fairdeck.wasm
if [ -f "$stamp" ] && [ -z "$(find cpp CMakeLists.txt scripts/build-wasm.sh -newer "$stamp" -type f | head -1)" ]; then
  echo "wasm: up to date"
  exit 0
fi
cmake --preset wasm >/dev/null   # CMakePresets.json
cmake --build --preset wasm
mkdir -p "$out"
cp build/wasm/fairdeck.js build/wasm/fairdeck.wasm build/wasm/fairness.js build/wasm/fairness.wasm "$out/"   # fairness: docs/size.md
echo "wasm: $(gzip -9c "$out/fairdeck.js" | wc -c) + $(gzip -9c "$out/fairdeck.wasm" | wc -c) bytes gzip (glue + wasm)"
