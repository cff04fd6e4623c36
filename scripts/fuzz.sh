#!/usr/bin/env bash
# Fuzzes the C++ core with libFuzzer under AddressSanitizer + UBSan (tests/fuzz/README.md).
#   npm run fuzz                          long run: every target until FUZZ_RUNS executions (default
#                                         1,000,000) or FUZZ_SECONDS (default 600), side by side on
#                                         the cores (FUZZ_JOBS, default nproc): ~10 min on 2 cores
#   bash scripts/fuzz.sh --short          about a minute in all (npm test runs this), no FUZZ_RUNS cap
#   bash scripts/fuzz.sh [--short] deck   only the named targets (deck, state, api)
#   FUZZ_SECONDS=3600 FUZZ_RUNS= npm run fuzz   an hour per target, no executions cap
#   API_FUZZ_RUNS=5000000 npm run fuzz    cases for the JS-API fuzzer (tests/unit/api-fuzz.test.ts;
#                                         default 1,000,000 here, 100,000 in npm test; not in --short)
# The committed seed corpus (tests/fuzz/corpus/<target>) is only read; inputs that reach new code
# are kept in build/fuzz/corpus/<target>, so later runs start from everything found so far. A
# crashing input is written to build/fuzz/artifacts/ and the script exits non-zero, printing the
# command that replays it.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-600}
runs_cap=${FUZZ_RUNS-1000000}
short=0
targets=()
api=0
for arg in "$@"; do
  case "$arg" in
    --short) seconds=${FUZZ_SECONDS:-27}; runs_cap=${FUZZ_RUNS-}; short=1 ;;
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
# Starts target $1 in the background; its log is build/fuzz/$1.log.
start() {
  local t=$1 extra=()
  mkdir -p "build/fuzz/corpus/$t"
  [ -f "tests/fuzz/$t.dict" ] && extra+=("-dict=tests/fuzz/$t.dict")
  # fuzz_deck: libFuzzer's older schedule. The entropic one's per-feature bookkeeping cost a
  # quarter of fuzz_deck's time for no coverage gained; fuzz_state keeps it (tests/fuzz/README.md).
  [ "$t" = deck ] && extra+=(-entropic=0)
  echo "fuzz: $t for ${seconds} s${runs_cap:+ or $runs_cap executions, whichever comes first} (log: build/fuzz/$t.log)"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "./build/fuzz/fuzz_$t" "build/fuzz/corpus/$t" "tests/fuzz/corpus/$t" "${extra[@]}" \
    -max_total_time="$seconds" ${runs_cap:+-runs="$runs_cap"} -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/"$t"- >"build/fuzz/$t.log" 2>&1 &
  pids+=($!)
}
# Waits for target $1 (pid $2) and reports it; exits on a failure.
finish() {
  local t=$1 status=0 log="build/fuzz/$1.log"
  wait "$2" || status=$?
  local runs secs corpus crash
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  secs=$(grep -E '^#[0-9]+.*exec/s' "$log" | tail -1 | sed -n 's/.*exec\/s: \([0-9]*\).*/\1/p')
  corpus=$(find "build/fuzz/corpus/$t" "tests/fuzz/corpus/$t" -type f | wc -l)
  if [ $status -ne 0 ] || [ -z "$runs" ]; then
    grep -E 'ERROR|invariant broken|runtime error|SUMMARY|Test unit written|==[0-9]+==' "$log" | head -40 >&2 || true
    tail -20 "$log" >&2
    crash=$(sed -n "s/.*Test unit written to \(.*\)/\1/p" "$log" | tail -1)
    echo "fuzz: $t FAILED (exit $status)${crash:+; replay with: ./build/fuzz/fuzz_$t $crash}" >&2
    failed=1
    return
  fi
  local elapsed=$(( $(date +%s) - began ))
  total=$((total + runs))
  summary+=("$t: $runs executions in ${elapsed} s")
  echo "fuzz: $t ok: $runs executions in ${elapsed} s (~${secs:-?} a second), 0 crashes, 0 leaks (corpus $corpus inputs)"
  if [ -n "$runs_cap" ] && [ "$runs" -lt "$runs_cap" ]; then
    echo "fuzz: $t stopped at ${seconds} s, short of $runs_cap executions (a busy machine?)" >&2
  fi
}
total=0
summary=()
failed=0
# The long run fuzzes the targets side by side (FUZZ_JOBS, default: one per core); --short one at a time.
jobs=${FUZZ_JOBS:-$([ $short -eq 1 ] && echo 1 || nproc)}
i=0
while [ $i -lt ${#targets[@]} ]; do
  pids=()
  batch=("${targets[@]:i:jobs}")
  began=$(date +%s)
  for t in "${batch[@]}"; do start "$t"; done
  for k in "${!batch[@]}"; do finish "${batch[k]}" "${pids[k]}"; done
  [ $failed -eq 0 ] || exit 1
  i=$((i + jobs))
done
[ ${#targets[@]} -eq 0 ] || (IFS=";"; echo "fuzz: all targets ok, $total executions in all (${summary[*]})")
if [ $api -eq 1 ]; then
  runs=${API_FUZZ_RUNS:-1000000}
  echo "fuzz: JS API, $runs hostile calls (tests/unit/api-fuzz.test.ts)"
  FAIRDECK_API_FUZZ_RUNS=$runs FAIRDECK_API_FUZZ_STATS=1 npx --no-install vitest run tests/unit/api-fuzz.test.ts --testTimeout=0
fi
