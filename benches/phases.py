#!/usr/bin/env python3
"""Instructions per action by phase, from a callgrind profile of `seig simulate --json`.

usage: benches/phases.py CALLGRIND.OUT SIMULATE.JSON [LABEL]

Actions are what `simulate --timing` counts: throws + decisions (the JSON's `throws.mean`
times `games`, plus `decision_moves.n`).

The compiler inlines freely across the phases (the end of a move into `decide_then`, the
latches into `throw_then`), so the phases are not cut by call edges alone: every cost line
of the profile carries the source line its instructions come from, and a line inside one of
the source functions listed below counts for that function's phase wherever it was inlined.
A line of no listed function (a small helper inlined, `cond`, an index) counts for the phase
of the function it was compiled into, and a function of no listed name for the phase of the
line that calls it (a call's inclusive cost is split as the callee's own costs split). So:
  throw     `throw_then` and `sample_outcome` with what they call (the throw table, the pool,
            the throw's effects)
  generate  `legal_decisions` and `has_legal`, wherever called (after a throw or a move)
  apply     `decide_then` with what it calls (checking the chosen move, carrying it out)
  ends      the end of an action (`after_throw`, `end_move`): the endings, `settle`
            (forfeits, end of turn, transitions, deadlock test), the `once` latches
  tools     the driver, the random agent and the metrics' hooks (every line of seig-tools,
            and every call into it, wherever made)
  start     parsing, lowering, `Game::new`, the report (total less `driver::play`)
The source lines are read from the files the profile names: run it on the tree the profiled
binary was built from (a profile of an older commit needs that commit's sources there). The
throw's draw (`sample_outcome`) counts as throw; before the fourth round it counted as tools.
"""
import json
import re
import sys
from collections import defaultdict

# Source functions by phase (by name, in the engine's files).
PHASES = {
    'throw': '''throw_then dice_then apply_throw apply_throw_listing sample_outcome
        throw_allowed throw_effects throw_entry compact_pool push''',
    'generate': 'legal_decisions has_legal',
    'apply': 'decide_then decide_home apply_split decline bear_off land_plain',
    'ends': '''after_throw end_move homing_then settle done_moving end_turn next_seat
        check_win check_ending ending_now latch latch_immune once_holds immunise
        forfeit_rest turn_back deadlocked''',
}
SPAN = {f: p for p, fs in PHASES.items() for f in fs.split()}
ORDER = ('throw', 'generate', 'apply', 'ends', 'tools')


def owners(path):
    """For each line of a Rust file, the innermost `fn` it belongs to (None outside)."""
    try:
        src = open(path).read().split('\n')
    except OSError:
        return None
    owner, stack, depth, pending = [None], [], 0, None
    for line in src:
        code = re.sub(r'"(\\.|[^"\\])*"', '""', line)
        code = re.sub(r"'(\\.|[^'\\])'", "''", code).split('//')[0]
        start = stack[-1][0] if stack else None
        m = re.search(r'\bfn\s+(\w+)', code)
        if m:
            pending = m.group(1)
        for ch in code:
            if ch == '{':
                depth += 1
                if pending is not None:
                    stack.append((pending, depth))
                    pending = None
            elif ch == '}':
                if stack and stack[-1][1] == depth:
                    stack.pop()
                depth -= 1
            elif ch == ';' and (not stack or stack[-1][1] == depth):
                pending = None  # a declaration without a body
        owner.append(stack[-1][0] if stack else start)
    return owner


def short(name):
    """`seig_engine::moves::<impl seig_engine::Game>::decide_then` -> `decide_then`."""
    return re.sub(r"'\d+$", '', name).rsplit('::', 1)[-1]


def profile(path):
    """Per function: its cost records (file, line, cost, callee or None); the total."""
    names, recs = {}, defaultdict(list)
    cur = fl = f = cfn = None
    call, ln, total = False, 0, 0

    def name(v, kind):
        m = re.match(r'\((\d+)\)(?: (.*))?$', v)
        if not m:
            return v
        if m.group(2) is not None:
            names[kind, m.group(1)] = m.group(2)
        return names[kind, m.group(1)]

    for line in open(path):
        c = line[0]
        if c.isdigit() or c in '+-*':
            p = line.split()
            a = p[0]
            if a[0] == '+':
                ln += int(a[1:])
            elif a[0] == '-':
                ln -= int(a[1:])
            elif a != '*':
                ln = int(a)
            recs[cur].append((f, ln, int(p[-1]) if len(p) > 1 else 0, cfn if call else None))
            call = False
            continue
        k, _, v = line.rstrip('\n').partition('=')
        if k == 'fn':
            cur, f = name(v, 'fn'), fl
        elif k == 'fl':
            fl = f = name(v, 'fl')
        elif k in ('fi', 'fe'):
            f = name(v, 'fl')
        elif k == 'cfn':
            cfn = name(v, 'fn')
        elif k in ('cfi', 'cfl'):
            name(v, 'fl')
        elif k in ('ob', 'cob'):
            name(v, 'ob')
        elif k == 'calls':
            call = True
        elif line.startswith('totals:') or line.startswith('summary:'):
            total = int(line.split()[1])
    return recs, total


def split(recs):
    files = {}

    def line_phase(f, ln):
        if f is None:
            return None
        if '/crates/seig-tools/' in f:
            return 'tools'
        if f not in files:
            files[f] = owners(f) if '/crates/seig-engine/' in f else None
        o = files[f]
        return SPAN.get(o[ln]) if o and 0 < ln < len(o) else None

    def callee_phase(g):
        if g.startswith(('seig_tools::', '<seig_tools::')):
            return 'tools'
        return SPAN.get(short(g)) if short(g) in ('legal_decisions', 'has_legal') else None

    incl = {g: sum(r[2] for r in rs) for g, rs in recs.items()}
    memo, active = {}, set()

    def vec(g, ctx):
        """How the inclusive cost of `g` splits, called from a line of phase `ctx`."""
        if (g, ctx) in memo:
            return memo[g, ctx]
        base = SPAN.get(short(g), ctx) if g.startswith('seig_engine') else ctx
        out = defaultdict(float)
        active.add(g)
        for f, ln, cost, callee in recs.get(g, ()):
            p = line_phase(f, ln) or base
            if callee is None:
                out[p] += cost
                continue
            fixed = callee_phase(callee)
            if fixed or callee in active or not incl.get(callee):
                out[fixed or p] += cost
                continue
            for q, v in vec(callee, p).items():
                out[q] += v * cost / incl[callee]
        active.discard(g)
        memo[g, ctx] = out
        return out

    return vec('seig_tools::driver::play', 'tools'), incl.get('seig_tools::driver::play', 0)


def main():
    recs, total = profile(sys.argv[1])
    row, play = split(recs)
    d = json.load(open(sys.argv[2]))
    acts = d['throws']['mean'] * d['games'] + d['decision_moves']['n']
    label = sys.argv[3] if len(sys.argv) > 3 else sys.argv[1]
    cells = ' | '.join(f'{row[k] / acts:,.0f}' for k in ORDER)
    print(f'| {label} | {acts:,.0f} | {total:,} | {total - play:,} | {play / acts:,.0f} | {cells} |')
    other = sum(row.values()) - sum(row[k] for k in ORDER)
    assert abs(other) < 0.001 * play, f'cost left out of the phases: {other:,.0f}'


main()
