#!/usr/bin/env bash
# The cargo-fuzz targets in fuzz/ (see fuzz/README.md).
#
#   scripts/fuzz.sh smoke                    each target for 13 s from the seeds (about a minute)
#   scripts/fuzz.sh run SECONDS [TARGET...]  each target (default: all) for SECONDS
#   scripts/fuzz.sh build                    build the targets only
#
# Installs what it needs first (the nightly toolchain, cargo-fuzz), writes the
# seed corpora from tests/data/backend-vectors.jsonl into fuzz/corpus/ (a smoke run:
# into a scratch copy under fuzz/target/smoke-corpus/), builds every
# target once (release, debug assertions on, AddressSanitizer), then runs the
# targets one after another and prints the executions of each. Exits non-zero
# if any target finds a crash; the input is kept under fuzz/artifacts/<target>/
# and libFuzzer's output under fuzz/target/logs/<target>-<time>-<pid>.log.
set -euo pipefail
cd "$(dirname "$0")/.."

ALL_TARGETS=(parse answers credential differential json_reader url_mode url_backend)
SMOKE_SECONDS=13

usage() {
  sed -n '4,6p' "$0" | sed 's/^# *//'
  exit 2
}

mode=${1:-}
case "$mode" in
  smoke) seconds=$SMOKE_SECONDS; targets=("${ALL_TARGETS[@]}") ;;
  run)
    seconds=${2:-}
    [[ "$seconds" =~ ^[1-9][0-9]*$ ]] || usage
    shift 2
    if [ $# -gt 0 ]; then targets=("$@"); else targets=("${ALL_TARGETS[@]}"); fi
    ;;
  build) seconds=0; targets=() ;;
  *) usage ;;
esac
for target in "${targets[@]}"; do
  [[ " ${ALL_TARGETS[*]} " == *" $target "* ]] || { echo "fuzz: no target '$target' (${ALL_TARGETS[*]})" >&2; exit 2; }
done

if ! rustup toolchain list | grep -q '^nightly'; then
  echo "fuzz: installing the nightly toolchain"
  rustup toolchain install nightly --profile minimal
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz: installing cargo-fuzz (a few minutes)"
  cargo install cargo-fuzz --locked || cargo install cargo-fuzz
fi

# A smoke run starts from the seeds alone, in a scratch corpus, so its time
# does not grow with what long runs have added to fuzz/corpus/.
if [ "$mode" = smoke ]; then
  corpora=fuzz/target/smoke-corpus
  rm -rf "$corpora"
else
  corpora=fuzz/corpus
fi
node fuzz/seeds.mjs "$corpora"
echo "fuzz: building the targets (nightly, release, debug assertions, ASan)"
cargo +nightly fuzz build --debug-assertions
[ "$mode" = build ] && exit 0

root=$(pwd)
logs=fuzz/target/logs
mkdir -p "$logs"
failed=()
summary=()
for target in "${targets[@]}"; do
  case "$target" in
    credential) dict=fuzz/dict/credential.dict; max_len=4096 ;;
    url_mode | url_backend) dict=fuzz/dict/url.dict; max_len=4096 ;;
    *) dict=fuzz/dict/schema.dict; max_len=12288 ;;
  esac
  # One log per run: test.sh's smoke may run while a long run is going.
  log=$logs/$target-$(date -u +%Y%m%dT%H%M%SZ)-$$.log
  echo "fuzz: $target for $seconds s"
  started=$SECONDS
  status=0
  cargo +nightly fuzz run --debug-assertions "$target" "$corpora/$target" -- \
    -max_total_time="$seconds" -max_len="$max_len" -dict="$root/$dict" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1 || status=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
  if [ -z "$runs" ]; then
    runs=$(grep -o '^#[0-9]*[[:space:]]*DONE' "$log" | grep -o '[0-9]*' | tail -1 || true)
  fi
  corpus=$(find "$corpora/$target" -type f | wc -l)
  line="$target: ${runs:-?} executions in $((SECONDS - started)) s, corpus $corpus, log $log"
  if [ "$status" -ne 0 ]; then
    line="$line, FAILED (exit $status; see $log)"
    failed+=("$target")
    grep -E '^(thread .* panicked|==[0-9]+==ERROR|SUMMARY|Test unit written to|Base64:)' "$log" | head -20 || true
    grep -A3 'panicked at' "$log" | head -20 || true
  fi
  echo "fuzz: $line"
  summary+=("$line")
done

echo
printf 'fuzz: %s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: failures in ${failed[*]}; inputs under fuzz/artifacts/"
  exit 1
fi
