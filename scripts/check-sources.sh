#!/usr/bin/env bash
# Source checks that `npm test` runs before building anything:
#  1. the core (cpp/include) never includes Emscripten;
#  2. no weak randomness in the package's code paths: Math.random, modulo or multiply scaling of
#     raw engine output, std::uniform_int_distribution, std::shuffle, rand();
#  3. the repository stands alone: no file points at notes outside it (a `../shared` path);
#  4. no import cycles in the package or the pages (madge; proved able to fail on
#     tests/checks/import-cycle first).
# The check proves it can fail by running itself on tests/checks/weak-randomness.fixture first.
set -euo pipefail
cd "$(dirname "$0")/.."

patterns=(
  'Math\.random'
  'uniform_int_distribution'
  'std::shuffle'
  '(^|[^_a-zA-Z.])s?rand\(\)'
  'next_u(32|64)\([^)]*\)[[:space:]]*%'
  'Math\.floor\(.*(random|next).*\*'
)
scan() {  # prints offending lines of the given files/dirs
  local p
  for p in "${patterns[@]}"; do
    grep -rnE --include='*.ts' --include='*.js' --include='*.hpp' --include='*.cpp' --include='*.fixture' "$p" "$@" || true
  done
}

hits=$(scan tests/checks/weak-randomness.fixture | cut -d: -f1,2 | sort -u | wc -l)
if [ "$hits" -lt 6 ]; then
  echo "check-sources: the weak-randomness check missed lines of its own fixture ($hits of 6 found)" >&2
  exit 1
fi

fail=0
if grep -rnE '#include *[<"]emscripten' cpp/include; then
  echo "check-sources: the core must not include Emscripten (only cpp/bindings may)" >&2
  fail=1
fi
found=$(scan web/src web/demo web/visualiser cpp 2>/dev/null | grep -v 'weak-randomness-ok' || true)
if [ -n "$found" ]; then
  echo "$found"
  echo "check-sources: weak randomness in the package's code paths (see above)" >&2
  fail=1
fi
outside=$(git ls-files 2>/dev/null | grep -v '^package-lock.json$' | xargs grep -lE '\.\./shared/' 2>/dev/null | grep -v '^scripts/check-sources.sh$' || true)
if [ -n "$outside" ]; then
  echo "check-sources: these files point outside the repository (write what they need into docs/): $outside" >&2
  fail=1
fi
cycles() { npx --no-install madge --circular --no-spinner --no-color --extensions ts --ts-config tsconfig.json "$@" 2>&1 || true; }
if ! grep -q 'Found 1 circular' <<<"$(cycles tests/checks/import-cycle)"; then
  echo "check-sources: the import-cycle check missed the cycle in its own fixture" >&2
  fail=1
fi
out=$(cycles web/src web/demo web/visualiser web/faces $( [ -d web/verify ] && echo web/verify ))
if ! grep -q 'No circular dependency' <<<"$out"; then
  echo "$out" | tail -8
  echo "check-sources: import cycles (move the shared types into a leaf module)" >&2
  fail=1
fi
[ $fail -eq 0 ] && echo "check-sources: core is Emscripten-free; no weak randomness found (fixture: $hits/6 caught); no import cycles (fixture caught)"
exit $fail
