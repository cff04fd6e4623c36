#!/usr/bin/env bash
# `npm run bench`: builds what the benchmarks need (the WASM modules, the package in dist/, the
# native Google Benchmark binary in build/bench, the bench-only module in build/wasm-bench), then tests/bench/run.mjs runs every scenario in
# its own process, prints the tables and writes BENCHMARKS.md and the README's bench section.
# Benchmarks only: nothing here runs in `npm test`. Extra arguments go to run.mjs
# (e.g. --only deck52,size to rerun scenarios without rewriting BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # docs/toolchain.md, pitfall 1
start=$(date +%s)
[ -d node_modules/d3-array ] || bash scripts/setup.sh
bash scripts/build-wasm.sh
bash scripts/build-package.sh
cmake --preset bench >/dev/null   # CMakePresets.json
cmake --build --preset bench
cmake --preset wasm-bench >/dev/null   # the module + bench-only fd_bulk_plain (scenarios/large.mjs)
cmake --build --preset wasm-bench
node tests/bench/run.mjs --native build/bench/tests/bench/fairdeck_bench "$@"
echo "npm run bench: $(( $(date +%s) - start )) s in all"
