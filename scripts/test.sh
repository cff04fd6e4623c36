#!/usr/bin/env bash
# `npm test`: everything, from a clean clone on a fresh machine. Installs what is missing, builds
# what is stale, and runs each suite; stops at the first failing stage.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs
start=$(date +%s)
passed=0
stage() {
  local name=$1
  shift
  local t0=$(date +%s)
  echo
  echo "=== $name"
  if "$@"; then
    passed=$((passed + 1))
    echo "=== $name: ok ($(( $(date +%s) - t0 )) s)"
  else
    echo "=== $name: FAILED"
    echo "stages: $passed passed, 1 failed"
    exit 1
  fi
}

# Every build tree is configured by one preset in CMakePresets.json.
native() { cmake --workflow --preset native; }
native_sanitized() {
  cmake --preset asan >/dev/null
  cmake --build --preset asan
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ./build/asan/fairdeck_tests --gtest_brief=1
}
typecheck() { node node_modules/typescript/bin/tsc -p tsconfig.json; }   # not npx tsc: the typescript-5.0 alias also installs a bin named tsc
unit() { npx --no-install vitest run; }
e2e() { npx --no-install vitest run --config vitest.e2e.config.ts; }

stage "setup (install what is missing)" bash scripts/setup.sh
stage "source checks" bash scripts/check-sources.sh
stage "native build + GoogleTest" native
stage "provable vectors, third implementation (Python stdlib)" python3 tests/provable/verify_round.py
stage "native GoogleTest under ASan + UBSan" native_sanitized
stage "libFuzzer, short run (ASan + UBSan)" bash scripts/fuzz.sh --short
stage "WASM build" bash scripts/build-wasm.sh
stage "GoogleTest compiled to WASM (Node)" bash scripts/wasm-tests.sh
stage "TypeScript typecheck" typecheck
stage "Vitest (Node, WASM)" unit
stage "package build" bash scripts/build-package.sh
stage "size budget (Vite + webpack app)" node tests/size/check.mjs
stage "consumer smoke test (npm pack)" bash scripts/smoke.sh
stage "published types, as consumers compile them (tests/types)" node tests/types/check.mjs
stage "API reference (TypeDoc: every export documented, docs/api current)" node scripts/api-docs.mjs --check
stage "end-to-end (Chromium)" e2e
stage "reach matrix (bundlers, runtimes, strict CSP; tests/reach)" bash scripts/reach.sh
echo
echo "npm test: all stages passed in $(( $(date +%s) - start )) s"
echo "stages: $passed passed, 0 failed"
