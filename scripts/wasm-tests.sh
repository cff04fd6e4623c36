#!/usr/bin/env bash
# The GoogleTest suites compiled to WASM and run under Node: the same tests, in wasm32.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs
emcmake cmake -S . -B build/wasm-tests -DCMAKE_BUILD_TYPE=Release -DFAIRDECK_WASM_TESTS=ON \
  -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node >/dev/null
cmake --build build/wasm-tests -j2 --target fairdeck_tests_wasm
node build/wasm-tests/fairdeck_tests_wasm.js --gtest_brief=1
