#!/usr/bin/env python3
"""The source lines whose branches are mispredicted most, inlining resolved.

usage: benches/branches.py CALLGRIND.OUT BINARY [N]

The profile must be taken with branch simulation and per-instruction costs:

    valgrind --tool=callgrind --branch-sim=yes --dump-instr=yes \\
      --callgrind-out-file=OUT target/release/seig simulate ... --jobs 1 --quiet --json

`cg_annotate --show=Bcm,Bim` on a cachegrind profile names a line of std (`slice/iter`,
`iter/range.rs`) for every loop, since with fat LTO nearly everything is inlined into
`driver::play`; here each instruction's mispredictions go to the innermost frame of its
inlining chain that is in the project's crates (`llvm-symbolizer --inlining`), so a loop
counts at the engine's or the tools' line that wrote it. Prints the N worst lines (12 by
default) as a Markdown table: line, function, mispredicted, branches, rate.

Valgrind's predictor is simple (a table of 2-bit counters for conditional branches, no
global history): a branch that alternates regularly, which a real CPU learns, counts as
mispredicted nearly every time, and the figures move with code layout. Read them as where
to look, not as cycles.
"""
import collections
import os
import re
import subprocess
import sys

# The shared reader, beside this script; no __pycache__ left in benches/.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import callgrind  # noqa: E402


def costs(path, binary):
    """Mispredicted and executed branches per instruction address of `binary` (self costs:
    the inclusive cost line after a `calls=` line is skipped)."""
    ev, ob = None, None
    miss, seen = collections.Counter(), collections.Counter()
    call = False
    for k, v, line in callgrind.lines(path):
        if k is None:
            addr, p = v
            if call:
                call = False
                continue
            if ob == binary:
                d = dict(zip(ev, map(int, p[2:])))
                miss[addr] += d.get('Bcm', 0) + d.get('Bim', 0)
                seen[addr] += d.get('Bc', 0) + d.get('Bi', 0)
        elif k == 'ob':
            ob = v
        elif k == 'calls':
            call = True
        elif line.startswith('events:'):
            ev = line.split()[1:]
            if 'Bcm' not in ev:
                sys.exit('branches.py: profile taken without --branch-sim=yes')
        elif line.startswith('positions:') and 'instr' not in line:
            sys.exit('branches.py: profile taken without --dump-instr=yes')
    return miss, seen


def main():
    path, binary = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 12
    tool = callgrind.symbolizer('branches.py')
    # The profile names the binary by absolute path in its `ob=` lines.
    binary = subprocess.run(['realpath', binary], capture_output=True, text=True).stdout.strip()
    miss, seen = costs(path, binary)
    addrs = sorted(a for a in miss if miss[a] > 0)
    if not addrs:
        sys.exit(f'branches.py: no mispredicted branch of {binary} in the profile')
    by_line, branches, func = collections.Counter(), collections.Counter(), {}
    for a, frames in zip(addrs, callgrind.inlining(tool, binary, addrs)):
        own = [f for f in frames if '/crates/' in f[1]]
        if own:
            key = own[0][1].split('/crates/')[-1].rsplit(':', 1)[0]
            parts = [p for p in own[0][0].split('::') if not re.fullmatch(r'h[0-9a-f]{16}', p)]
            func[key] = re.sub(r'\{\{closure\}\}', '', parts[-1]) or parts[-2]
        else:
            key = frames[0][1] if frames else '?'
        by_line[key] += miss[a]
        branches[key] += seen[a]
    total = sum(miss.values())
    print(f'{total:,} mispredicted branches in {binary}')
    print('| line | function | mispredicted | branches | rate |')
    print('|---|---|---:|---:|---:|')
    for key, m in by_line.most_common(n):
        b = branches[key]
        print(f'| {key} | {func.get(key, "")} | {m:,} | {b:,} | {100 * m / max(b, 1):.1f}% |')


if __name__ == '__main__':
    main()
