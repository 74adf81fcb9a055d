#!/usr/bin/env bash
# Runs every libFuzzer target built in BUILD (fuzz/CMakeLists.txt) for SECONDS each, one after the
# other, starting from the committed seeds in fuzz/corpus/<target>/. New inputs go to
# BUILD/fuzz-work/<target>/ (never into the committed corpus), crashes and property failures to
# BUILD/fuzz-artifacts/<target>-*, each run's log to BUILD/fuzz-logs/<target>.log.
# Prints one line per target and exits non-zero if any target found something.
#   usage: fuzz/run_fuzzers.sh BUILD [SECONDS]      (`make fuzz` runs it with build-fuzz and 60)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: fuzz/run_fuzzers.sh BUILD [SECONDS]}
seconds=${2:-60}
shopt -s nullglob
targets=("$build"/fuzz/fuzz_*)
if [ ${#targets[@]} -eq 0 ]; then
  echo "no fuzz targets in $build/fuzz: build them first (make fuzz)" >&2
  exit 2
fi
mkdir -p "$build/fuzz-artifacts" "$build/fuzz-logs"
status=0
for bin in "${targets[@]}"; do
  target=${bin##*/fuzz_}
  work="$build/fuzz-work/$target"
  log="$build/fuzz-logs/$target.log"
  mkdir -p "$work"
  if "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix="$build/fuzz-artifacts/$target-" "$work" "fuzz/corpus/$target" >"$log" 2>&1; then
    verdict="nothing found"
  else
    verdict="FOUND A FAULT: see $log and $build/fuzz-artifacts/$target-*"
    status=1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2 || true)
  printf '%-20s %8s s  %10s inputs  coverage %6s  corpus %5s  %s\n' "$target" "$seconds" "${runs:-?}" \
    "${coverage:-?}" "$(ls "$work" | wc -l)" "$verdict"
done
exit $status
