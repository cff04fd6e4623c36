#!/usr/bin/env bash
# Fuzzes the C++ core with libFuzzer under AddressSanitizer + UBSan (tests/fuzz/README.md).
#   npm run fuzz                          long run: every target for FUZZ_SECONDS (default 600) each
#   bash scripts/fuzz.sh --short          about a minute in all (npm test runs this)
#   bash scripts/fuzz.sh [--short] deck   only the named targets (deck, state, api)
#   FUZZ_SECONDS=3600 npm run fuzz        choose the duration per target
#   API_FUZZ_RUNS=5000000 npm run fuzz    cases for the JS-API fuzzer (tests/unit/api-fuzz.test.ts;
#                                         default 1,000,000 here, 100,000 in npm test; not in --short)
# The committed seed corpus (tests/fuzz/corpus/<target>) is only read; inputs that reach new code
# are kept in build/fuzz/corpus/<target>, so later runs start from everything found so far. A
# crashing input is written to build/fuzz/artifacts/ and the script exits non-zero, printing the
# command that replays it.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-600}
short=0
targets=()
api=0
for arg in "$@"; do
  case "$arg" in
    --short) seconds=${FUZZ_SECONDS:-27}; short=1 ;;
    deck|state) targets+=("$arg") ;;
    api) api=1 ;;
    *) echo "fuzz.sh: unknown argument '$arg' (use --short, deck, state, api)" >&2; exit 2 ;;
  esac
done
if [ ${#targets[@]} -eq 0 ] && [ $api -eq 0 ]; then
  targets=(deck state)
  [ $short -eq 1 ] || api=1
fi

if ! command -v clang++ >/dev/null; then
  echo "fuzz.sh: clang++ is missing (scripts/setup.sh installs clang and libclang-rt-14-dev)" >&2
  exit 1
fi
cmake --preset fuzz >/dev/null   # CMakePresets.json
cmake --build --preset fuzz >/dev/null

mkdir -p build/fuzz/artifacts
total=0
summary=()
for t in "${targets[@]}"; do
  mkdir -p "build/fuzz/corpus/$t"
  extra=()
  [ -f "tests/fuzz/$t.dict" ] && extra+=("-dict=tests/fuzz/$t.dict")
  log="build/fuzz/$t.log"
  echo "fuzz: $t for ${seconds} s (log: $log)"
  status=0
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "./build/fuzz/fuzz_$t" "build/fuzz/corpus/$t" "tests/fuzz/corpus/$t" "${extra[@]}" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
    -artifact_prefix=build/fuzz/artifacts/"$t"- >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  corpus=$(find "build/fuzz/corpus/$t" "tests/fuzz/corpus/$t" -type f | wc -l)
  if [ $status -ne 0 ] || [ -z "$runs" ]; then
    grep -E 'ERROR|invariant broken|runtime error|SUMMARY|Test unit written|==[0-9]+==' "$log" | head -40 >&2 || true
    tail -20 "$log" >&2
    crash=$(sed -n "s/.*Test unit written to \(.*\)/\1/p" "$log" | tail -1)
    echo "fuzz: $t FAILED (exit $status)${crash:+; replay with: ./build/fuzz/fuzz_$t $crash}" >&2
    exit 1
  fi
  total=$((total + runs))
  summary+=("$t: $runs executions in ${seconds} s, corpus $corpus inputs")
  echo "fuzz: $t ok: $runs executions in ${seconds} s, 0 crashes, 0 leaks (corpus $corpus inputs)"
done
[ ${#targets[@]} -eq 0 ] || (IFS=";"; echo "fuzz: all targets ok, $total executions in all (${summary[*]})")
if [ $api -eq 1 ]; then
  runs=${API_FUZZ_RUNS:-1000000}
  echo "fuzz: JS API, $runs hostile calls (tests/unit/api-fuzz.test.ts)"
  FAIRDECK_API_FUZZ_RUNS=$runs FAIRDECK_API_FUZZ_STATS=1 npx --no-install vitest run tests/unit/api-fuzz.test.ts --testTimeout=0
fi
