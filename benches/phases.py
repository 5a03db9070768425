#!/usr/bin/env python3
"""Instructions per action by phase, from a callgrind profile of `seig simulate --json`.

usage: benches/phases.py CALLGRIND.OUT SIMULATE.JSON [LABEL]

The profile must be taken with `--dump-instr=yes` (benches/profile.sh does): every cost is
then tied to an instruction address, and `llvm-symbolizer --inlining` (or `addr2line -i`)
names the whole chain of functions inlined at that address, from the binary the profile
names (its debug info: `debug = 1` in the release profile). Actions are what `simulate
--timing` counts: throws + decisions (the JSON's `throws.mean` times `games`, plus
`decision_moves.n`).

With fat LTO nearly everything is inlined into `driver::play`, so a phase is read from the
inlining chain of each instruction, innermost first, not from the function it was compiled
into: the first frame that is either an engine function listed below or a function of
seig-tools decides.
  throw     `throw_then` and `sample_outcome` with what they inline or call (the throw
            table, the pool, the throw's effects)
  generate  `legal_decisions` and `has_legal`, wherever called (after a throw or a move)
  apply     `decide_then` with what it calls (checking the chosen move, carrying it out)
  ends      the end of an action (`after_throw`, `end_move`): the endings, `settle`
            (forfeits, end of turn, transitions, deadlock test), the `once` latches
  other     engine code of no listed function that the driver calls itself (the stage
            tests, `apply_*_listing`'s wrappers, the state's accessors)
  tools     the driver, the random agent and the metrics' hooks: every instruction of a
            seig-tools function, with the engine code a hook calls (`s.turns()` asked by
            the metrics is the metrics' cost) and the std/IR helpers inlined into them
  start     parsing, lowering, `Game::new`, the report (total less `driver::play`)
An instruction whose chain holds no engine or tools frame (a std or IR helper compiled on
its own) counts for the phase of its caller, as does a function of no listed name (a call's
inclusive cost is split as the callee's own costs split). Up to the fourth round of issue 24
the phases were read from source lines alone, so engine helpers inlined into the driver
counted as tools; the fifth round's figures are by inlining chain.
"""
import json
import os
import re
import sys
from collections import defaultdict

# The shared reader, beside this script; no __pycache__ left in benches/.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import callgrind  # noqa: E402

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
ORDER = ('throw', 'generate', 'apply', 'ends', 'other', 'tools')
ENGINE, TOOLS, DRIVER = '/crates/seig-engine/', '/crates/seig-tools/', '/seig-tools/src/driver.rs'


def short(name):
    """The function's own name: `seig_engine::moves::<impl ..>::decide_then::h0123…` and
    `…::dice_then::{{closure}}` -> `decide_then`, `dice_then`."""
    name = re.sub(r'::h[0-9a-f]{16}$', '', name)
    name = re.sub(r"'\d+$", '', name)
    parts = [p for p in re.split(r'::|\.\.', name)
             if 'closure' not in p and p not in ('', '{{closure}}')]
    return parts[-1] if parts else name


def profile(path):
    """Per function: its cost records (address or None, cost, callee or None), its object;
    the total; the profiled binary."""
    recs, obj = defaultdict(list), {}
    cur = cfn = ob = binary = None
    call, total = False, 0
    for k, v, line in callgrind.lines(path):
        if k is None:
            addr, p = v
            recs[cur].append((addr, int(p[-1]) if len(p) > 2 else 0, cfn if call else None))
            call = False
        elif k == 'fn':
            cur = v
            obj[cur] = ob
        elif k == 'ob':
            ob = v
        elif k == 'cfn':
            cfn = v
        elif k == 'calls':
            call = True
        elif line.startswith('cmd:'):
            binary = line.split()[1]
        elif line.startswith('positions:') and 'instr' not in line:
            sys.exit('phases.py: profile taken without --dump-instr=yes')
        elif line.startswith('totals:') or line.startswith('summary:'):
            total = int(line.split()[1])
    return recs, obj, total, binary


def chains(binary, addrs):
    """For each address, its inlining chain innermost first: [(function, file)]."""
    tool = callgrind.symbolizer('phases.py')
    order = sorted(addrs)
    return dict(zip(order, callgrind.inlining(tool, binary, order)))


def split(recs, obj, binary):
    addrs = {a for g, rs in recs.items() if obj.get(g) == binary for a, _, _ in rs}
    if not addrs:
        sys.exit(f'phases.py: no instruction of {binary} in the profile')
    chain = chains(binary, addrs)
    incl = {g: sum(r[1] for r in rs) for g, rs in recs.items()}

    def instr_phase(g, a, base):
        """The phase of an instruction of `g` (`base` when no frame decides), and whether
        the engine code it belongs to was inlined straight into the driver."""
        seen_engine = False
        for fname, file in chain.get(a, ()) if obj.get(g) == binary else ():
            if ENGINE in file:
                if short(fname) in SPAN:
                    return SPAN[short(fname)], False
                seen_engine = True
            elif TOOLS in file:
                if seen_engine:
                    return ('other', False) if DRIVER in file else ('tools', False)
                return 'tools', DRIVER in file
        return base, False

    def is_engine(g):
        return bool(re.match(r'<?seig_engine::', g))

    memo, active = {}, set()
    # With PHASES_DETAIL=phase: that phase's costs by the innermost seig frame's line.
    detail, want = defaultdict(float), os.environ.get('PHASES_DETAIL')

    def note(g, a, cost, scale):
        fr = [f for f in chain.get(a, ()) if '/crates/' in f[1]][:2] or [(g, '?')]
        key = ' < '.join(f'{short(n)} {f.split("/crates/")[-1].rsplit(":", 1)[0]}' for n, f in fr)
        detail[key] += cost * scale

    def vec(g, ctx, scale=None):
        """How the inclusive cost of `g` splits, called from an instruction of phase `ctx`
        (`scale`: the share of it being noted for PHASES_DETAIL, which bypasses the memo)."""
        if scale is None and (g, ctx) in memo:
            return memo[g, ctx]
        base = SPAN.get(short(g), ctx) if is_engine(g) else ctx
        out = defaultdict(float)
        active.add(g)
        for a, cost, callee in recs.get(g, ()):
            p, by_driver = instr_phase(g, a, base)
            if callee is None:
                out[p] += cost
                if scale and p == want:
                    note(g, a, cost, scale)
                continue
            if callee.startswith(('seig_tools::', '<seig_tools::')):
                fixed = 'tools'
            elif short(callee) in ('legal_decisions', 'has_legal'):
                fixed = 'generate'
            else:
                fixed = None
            if by_driver and is_engine(callee):
                p = 'other'  # the driver calling into the engine: engine work
            if fixed or callee in active or not incl.get(callee):
                out[fixed or p] += cost
                if scale and (fixed or p) == want:
                    detail['call ' + short(callee)] += cost * scale
                continue
            sub = scale * cost / incl[callee] if scale else None
            for q, v in vec(callee, p, sub).items():
                out[q] += v * cost / incl[callee]
        active.discard(g)
        if scale is None:
            memo[g, ctx] = out
        return out

    play = 'seig_tools::driver::play'
    out = vec(play, 'tools', 1.0 if want else None)
    for k, v in sorted(detail.items(), key=lambda kv: -kv[1])[:40]:
        print(f'{v:>14,.0f}  {k}', file=sys.stderr)
    return out, incl.get(play, 0)


def main():
    recs, obj, total, binary = profile(sys.argv[1])
    # The object that holds the driver's loop is the binary to symbolize: `cmd:` names it
    # as it was typed (often relative, `target/release/seig`) while the `ob=` lines name
    # it by its absolute path, and the two must compare equal for any chain to be read.
    binary = obj.get('seig_tools::driver::play') or binary
    row, play = split(recs, obj, binary)
    d = json.load(open(sys.argv[2]))
    acts = d['throws']['mean'] * d['games'] + d['decision_moves']['n']
    label = sys.argv[3] if len(sys.argv) > 3 else sys.argv[1]
    cells = ' | '.join(f'{row[k] / acts:,.0f}' for k in ORDER)
    print(f'| {label} | {acts:,.0f} | {total:,} | {total - play:,} | {play / acts:,.0f} | {cells} |')
    other = sum(row.values()) - sum(row[k] for k in ORDER)
    assert abs(other) < 0.001 * play, f'cost left out of the phases: {other:,.0f}'


main()
