#!/usr/bin/env python3
"""Instructions per action by phase, from a callgrind profile of `seig simulate --json`.

usage: benches/phases.py CALLGRIND.OUT SIMULATE.JSON [LABEL]

Actions are what `simulate --timing` counts: throws + decisions (the JSON's `throws.mean`
times `games`, plus `decision_moves.n`). The phases are cut from callgrind's call edges
(`callgrind_annotate --tree=calling --inclusive=yes`):
  throw     `Game::throw_then` without its `settle`, `latch`, `latch_immune`, `check_ending`
  generate  `legal_decisions` and `has_legal`, wherever called (after a throw or a move)
  apply     `decide_then` without its `settle`, `latch`, `latch_immune`, `check_ending`
  ends      the rest of `settle` (forfeits, end of turn, transitions, deadlock test), the
            `once` latches, `check_ending`
  tools     the driver, the random agent and the metrics' hooks (`driver::play` less
            `throw_then` and `decide_then`)
  start     parsing, lowering, `Game::new`, the report (total less `driver::play`)
Functions inlined into another are counted in it (`check_win` is inlined where it is called).
"""
import json
import re
import subprocess
import sys

PAT = re.compile(r'^\s*([\d,]+) \([ \d.]+%\)\s+([*>])\s+(.*?)(?: \(([\d,]+)x\))?(?: \[.*\])?\s*$')
E = 'seig_engine::Game::'
M = 'seig_engine::moves::<impl seig_engine::Game>::'
CUT = ('settle', 'latch', 'latch_immune', 'check_ending')


def profile(path):
    out = subprocess.run(['callgrind_annotate', '--tree=calling', '--inclusive=yes', path],
                         capture_output=True, text=True, check=True).stdout
    funcs, cur = {}, None
    for line in out.splitlines():
        m = PAT.match(line)
        if not m:
            continue
        cost = int(m.group(1).replace(',', ''))
        name = m.group(3).split(':', 1)[-1]
        if m.group(2) == '*':
            cur = funcs.setdefault(name, [0, {}])
            cur[0] = max(cur[0], cost)
        elif cur is not None:
            cur[1][name] = cur[1].get(name, 0) + cost
    total = int(re.search(r'^totals: (\d+)', open(path).read(), re.M).group(1))
    return funcs, total


def main():
    funcs, total = profile(sys.argv[1])
    incl = lambda f: funcs.get(f, [0, {}])[0]
    edge = lambda a, b: funcs.get(a, [0, {}])[1].get(b, 0)
    play = incl('seig_tools::driver::play')
    tt, dt = incl(E + 'throw_then'), incl(M + 'decide_then')
    gen = incl(M + 'legal_decisions') + incl(M + 'has_legal')
    cut_t = sum(edge(E + 'throw_then', E + b) for b in CUT)
    cut_d = sum(edge(M + 'decide_then', E + b) for b in CUT)
    settle = edge(E + 'throw_then', E + 'settle') + edge(M + 'decide_then', E + 'settle')
    row = {
        'throw': tt - cut_t,
        'generate': gen,
        'apply': dt - cut_d,
        'ends': cut_t + cut_d - gen,
        'tools': play - tt - dt,
        'start': total - play,
    }
    assert settle <= cut_t + cut_d
    d = json.load(open(sys.argv[2]))
    acts = d['throws']['mean'] * d['games'] + d['decision_moves']['n']
    label = sys.argv[3] if len(sys.argv) > 3 else sys.argv[1]
    loop = play / acts
    cells = ' | '.join(f'{row[k] / acts:,.0f}' for k in ('throw', 'generate', 'apply', 'ends', 'tools'))
    print(f'| {label} | {acts:,.0f} | {total:,} | {row["start"]:,} | {loop:,.0f} | {cells} |')


main()
