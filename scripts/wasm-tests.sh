#!/usr/bin/env bash
# The GoogleTest suites compiled to WASM and run under Node: the same tests, in wasm32.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/emscripten-env.sh   # NODE_PATH, PATH (docs/toolchain.md)
cmake --preset wasm-tests >/dev/null   # CMakePresets.json
cmake --build --preset wasm-tests
node build/wasm-tests/fairdeck_tests_wasm.js --gtest_brief=1
