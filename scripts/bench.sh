#!/usr/bin/env bash
# `npm run bench`: builds what the benchmarks need (the WASM modules, the package in dist/, the
# native Google Benchmark binary in build/bench, the bench-only shuffle module and its Embind glue in build/wasm-bench,
# and the bench-only libsodium-block twins), then tests/bench/run.mjs runs every scenario in
# its own process, prints the tables and writes BENCHMARKS.md.
# Benchmarks only: nothing here runs in `npm test`. Extra arguments go to run.mjs
# (e.g. --only deck52,size to rerun scenarios without rewriting BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/emscripten-env.sh   # NODE_PATH, EM_CLOSURE_COMPILER, PATH (docs/toolchain.md)
start=$(date +%s)
[ -d node_modules/d3-array ] || bash scripts/setup.sh
bash scripts/build-wasm.sh
bash scripts/build-package.sh
cmake --preset bench >/dev/null   # CMakePresets.json
cmake --build --preset bench
# The shuffle module + bench-only CoreBulk.plain() (scenarios/large.mjs): build/wasm-bench/shuffle.js
# (its glue) and shuffle.wasm, built as scripts/build-wasm.sh builds the package's, closure included.
cmake --preset wasm-bench >/dev/null
cmake --build --preset wasm-bench --target shuffle_wasm
# Bench-only twins with every ChaCha20 block from libsodium (-DFAIRDECK_CHACHA20_LIBSODIUM=ON;
# scenarios/chacha-blocks.mjs): the deck module in build/wasm-sodium-blocks, the native benchmarks
# in build/bench-sodium-blocks. Never shipped.
cmake --preset wasm -B build/wasm-sodium-blocks -DFAIRDECK_CHACHA20_LIBSODIUM=ON >/dev/null
cmake --build build/wasm-sodium-blocks --target fairdeck_wasm -j2
cmake --preset bench -B build/bench-sodium-blocks -DFAIRDECK_CHACHA20_LIBSODIUM=ON >/dev/null
cmake --build build/bench-sodium-blocks --target fairdeck_bench -j2
node tests/bench/run.mjs --native build/bench/tests/bench/fairdeck_bench \
  --native-sodium-blocks build/bench-sodium-blocks/tests/bench/fairdeck_bench "$@"
echo "npm run bench: $(( $(date +%s) - start )) s in all"
