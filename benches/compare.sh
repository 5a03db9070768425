#!/usr/bin/env bash
# The speed table of issue 24: `seig simulate` (every metric on, one thread) against the
# native Sig reference (examples/reference_sig.rs) on the same seeds and readings, per board
# size, and the other bundled games; medians of ROUNDS runs, the programs alternating so that
# a machine whose speed drifts slows both alike.
#
#   benches/compare.sh                      # builds, then prints the table
#   BEFORE=/tmp/seig-old benches/compare.sh # adds a column for another build (`before`)
#   BEFORE=old/target/release/seig BEFORE_RULES=old/rules benches/compare.sh
#                                           # the other build on its own commit's rule files
#                                           # (an old build may not read today's)
#   GAMES=20000 ROUNDS=5 benches/compare.sh
#
# Figures vary with the machine and its load; the ratios are what to read.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-5000}
ROUNDS=${ROUNDS:-3}
BEFORE=${BEFORE:-}
BEFORE_RULES=${BEFORE_RULES:-rules}
cargo build --release --quiet --bin seig --example reference_sig
SEIG=target/release/seig
REF=target/release/examples/reference_sig
# The readings the reference plays: with these the interpreter plays its very games (checked
# below). Issue 24 names the first two; the other two have changed their defaults since.
SIG_READINGS=(--reading R-SIG-1=start-or-move --reading A-SIG-10=killable
  --reading A-SIG-6=once --reading A-SIG-11=beside)

aps() { python3 -c 'import json,sys; print(json.load(sys.stdin)["actions_per_sec"])'; }
# The games' summary (wins, mean turns, actions), equal for two programs that play the same
# games; the interpreter counts its actions as throws and decision moves.
games() {
  python3 -c 'import json,sys; d=json.load(sys.stdin)
acts = d.get("actions") or round(d["throws"]["mean"] * d["games"] + d["decision_moves"]["n"])
print(d["wins"], d["turns_mean"], acts)'
}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
sim() { # BIN FILE ARGS...: actions per second of one run
  local bin=$1 file=$2; shift 2
  "$bin" simulate "$file" -n "$GAMES" --seed 1 --jobs 1 --timing --json --quiet "$@" | aps
}

printf '%-10s %14s %14s %7s' game seig reference ratio
[[ -n $BEFORE ]] && printf ' %14s %7s' before speedup
printf '\n'
row() { # LABEL REF-ARGS|- FILE ARGS...
  local label=$1 refargs=$2 file=$3; shift 3
  local -a s=() r=() b=()
  for _ in $(seq "$ROUNDS"); do
    s+=("$(sim "$SEIG" "$file" "$@")")
    if [[ $refargs != - ]]; then
      # shellcheck disable=SC2086
      r+=("$("$REF" -n "$GAMES" --seed 1 $refargs | aps)")
    fi
    if [[ $refargs != - && ${#r[@]} == 1 ]]; then
      # shellcheck disable=SC2086
      if [[ $("$SEIG" simulate "$file" -n 200 --seed 1 --jobs 1 --json --quiet "$@" | games) != \
        $("$REF" -n 200 --seed 1 $refargs | games) ]]; then
        echo "$label: the interpreter and the reference play different games" >&2
        exit 1
      fi
    fi
    [[ -n $BEFORE ]] && b+=("$(sim "$BEFORE" "$BEFORE_RULES/${file#rules/}" "$@")")
  done
  local ms mr mb
  ms=$(median "${s[@]}")
  if [[ $refargs != - ]]; then mr=$(median "${r[@]}"); else mr=; fi
  printf '%-10s %14.0f' "$label" "$ms"
  if [[ -n $mr ]]; then
    printf ' %14.0f %7.3f' "$mr" "$(python3 -c "print($ms/$mr)")"
  else
    printf ' %14s %7s' - -
  fi
  if [[ -n $BEFORE ]]; then
    mb=$(median "${b[@]}")
    printf ' %14.0f %7.3f' "$mb" "$(python3 -c "print($ms/$mb)")"
  fi
  printf '\n'
}
for h in 12 20 40; do
  row "sig-4x$h" "--holes $h" rules/sig-beart.seig --param "holes=$h" "${SIG_READINGS[@]}"
done
row tagent - rules/seig-tagent.seig
row sigue - rules/sigue-caillie.seig
