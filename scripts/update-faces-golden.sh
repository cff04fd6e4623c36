#!/usr/bin/env bash
# Rewrites the golden contact sheets of fairdeck/faces (tests/faces/<style>.<node|chromium>.png)
# and the README's pictures of them (docs/faces-<style>.webp). Run it ONLY after an intended change to the
# card art, look at the new sheets, and commit them with that change: a golden test that fails
# after an unintended change must be fixed in the code, never by regenerating the references.
set -euo pipefail
cd "$(dirname "$0")/.."
export FAIRDECK_UPDATE_GOLDEN=1
mkdir -p docs
npx --no-install vitest run tests/unit/faces-golden.test.ts
npx --no-install vitest run --config vitest.e2e.config.ts tests/e2e/faces.e2e.ts -t 'contact sheet'
echo "faces: references rewritten; review them (git diff --stat tests/faces docs) before committing"
