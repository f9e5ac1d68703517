#!/usr/bin/env bash
# The whole suite under load (issue 27): RUNS times in a row (default 3), each on a fresh clone of
# this repository's HEAD, with `bash .ci/run` exactly as CI runs it, while another process keeps
# both cores busy (Debian's stress-ng --cpu 2, at normal priority; a Python busy loop per core
# where stress-ng is missing). Prints each run's duration and pytest's closing line, writes the
# logs under build/stress/, and exits non-zero if any run failed.
#
#   scripts/stress_suite.sh            # three runs
#   RUNS=1 scripts/stress_suite.sh     # one
#
# The result goes to docs/performance.md (« La suite sous charge ») with the date.
set -uo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
runs=${RUNS:-3}
cores=$(nproc)
out="$repo/build/stress/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
commit=$(git rev-parse --short HEAD)
[ -z "$(git status --porcelain)" ] || echo "attention : des changements non validés ne sont pas dans le clone ($commit)" >&2

load_pids=()
start_load() {
  if command -v stress-ng >/dev/null 2>&1; then
    stress-ng --cpu "$cores" --timeout 6h --quiet &
    load_pids+=($!)
    echo "charge : stress-ng --cpu $cores"
  else
    for _ in $(seq "$cores"); do
      python3 -c 'while True: pass' &
      load_pids+=($!)
    done
    echo "charge : $cores boucles Python (stress-ng absent)"
  fi
}
stop_load() {
  for pid in "${load_pids[@]}"; do kill "$pid" 2>/dev/null; done
  wait 2>/dev/null
}
trap stop_load EXIT

start_load
failed=0
summary="$out/summary.txt"
{
  echo "date : $(date -Iseconds)   commit : $commit   coeurs : $cores   runs : $runs"
} | tee "$summary"
for run in $(seq "$runs"); do
  clone=$(mktemp -d /tmp/ludotheque-stress.XXXXXX)
  git clone -q "$repo" "$clone"
  commit=$(git -C "$clone" rev-parse --short HEAD)
  log="$out/run-$run.log"
  started=$(date +%s)
  (cd "$clone" && CI=true bash .ci/run </dev/null >"$log" 2>&1)
  rc=$?
  seconds=$(( $(date +%s) - started ))
  closing=$(grep -E '^=+ .*(passed|failed|error).* =+$' "$log" | tail -1 | tr -d '=' | xargs)
  printf 'run %s (%s) : rc %s, %d min %02d s, %s\n' "$run" "$commit" "$rc" $((seconds / 60)) \
    $((seconds % 60)) "${closing:-aucune ligne de pytest}" | tee -a "$summary"
  if [ "$rc" -ne 0 ]; then
    failed=1
    grep -E '^(FAILED|ERROR) ' "$log" | tee -a "$summary"
  fi
  rm -rf "$clone"
done
stop_load
trap - EXIT
echo "journaux : $out" | tee -a "$summary"
exit "$failed"
