#!/usr/bin/env bash
# Instructions per action by phase (docs/speed.md), from callgrind: load-independent, so it
# can be run on a busy machine where benches/compare.sh's wall-clock figures cannot.
#
#   benches/profile.sh                 # builds, then prints one row per game
#   SEIG=/tmp/seig-old benches/profile.sh   # another build of seig (e.g. an older commit)
#
# Each row: game, actions, total instructions, of which start, loop per action, and the
# loop's phases per action (throw, generate, apply, ends, other, tools; see benches/phases.py,
# which reads each instruction's inlining chain: llvm-symbolizer is needed).
# Then the native reference's instructions per action on the same seeds.
set -euo pipefail
cd "$(dirname "$0")/.."
SEIG=${SEIG:-target/release/seig}
REF=target/release/examples/reference_sig
OUT=${OUT:-$(mktemp -d)}
cargo build --release --quiet --bin seig --example reference_sig
SIG_READINGS=(--reading R-SIG-1=start-or-move --reading A-SIG-10=killable)
cg() { # LABEL FILE ARGS...
  local label=$1 file=$2; shift 2
  valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$OUT/$label.out" \
    "$SEIG" simulate "$file" --jobs 1 --quiet --json "$@" > "$OUT/$label.json" 2> /dev/null
  benches/phases.py "$OUT/$label.out" "$OUT/$label.json" "$label"
}
echo '| game | actions | instructions | of which start | loop per action | throw | generate | apply | ends | other | tools |'
echo '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|'
for h in 12 20 40; do
  cg "sig-4x$h" rules/sig-beart.seig --param "holes=$h" -n 200 "${SIG_READINGS[@]}"
done
cg tagent rules/seig-tagent.seig -n 50
cg sigue rules/sigue-caillie.seig -n 50
for h in 12 20 40; do
  valgrind --tool=callgrind --callgrind-out-file="$OUT/ref-$h.out" \
    "$REF" -n 200 --seed 1 --holes "$h" > "$OUT/ref-$h.json" 2> /dev/null
  python3 - "$OUT/ref-$h.out" "$OUT/ref-$h.json" "$h" <<'PY'
import json, re, sys
total = int(re.search(r'^totals: (\d+)', open(sys.argv[1]).read(), re.M).group(1))
acts = json.load(open(sys.argv[2]))['actions']
print(f'reference 4x{sys.argv[3]}: {total:,} instructions, {acts:,} actions, {total / acts:,.0f} per action')
PY
done
echo "profiles in $OUT"
