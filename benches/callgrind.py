"""Reading callgrind profiles and symbolizing their addresses, for benches/phases.py and
benches/branches.py (which import it from their own directory).

`lines(path)` reads a profile taken with `--dump-instr=yes`, undoing name compression
(`fn=(12) name` then `fn=(12)`) and the relative addresses of cost lines (`+3`, `-8`, `*`);
`inlining(tool, binary, addrs)` asks `llvm-symbolizer --inlining` for the chain of
functions inlined at each address.
"""
import re
import shutil
import subprocess
import sys

# The name space of each key that names something: `cob` an object, `cfn` a function,
# `fi`/`fe`/`cfi`/`cfl` a file.
SPACE = {'ob': 'ob', 'cob': 'ob', 'fn': 'fn', 'cfn': 'fn',
         'fl': 'fl', 'fi': 'fl', 'fe': 'fl', 'cfi': 'fl', 'cfl': 'fl'}


def lines(path):
    """The profile's lines as (key, value, line): a cost line gives (None, (address,
    words), line), its words being `line.split()` and its address decoded; a `key=value`
    line gives its key and value, the value being the full name when the key names an
    object, function or file; any other line (`events:`, `cmd:`, ...) gives the whole line
    as its key, cut at a `=` if it holds one, with an empty value."""
    names, addr = {}, 0
    for line in open(path):
        c = line[0]
        if c.isdigit() or c in '+-*':
            p = line.split()
            a = p[0]
            if a.startswith('0x'):
                addr = int(a, 16)
            elif a[0] in '+-':
                addr += int(a)
            elif a != '*':
                addr = int(a)
            yield None, (addr, p), line
            continue
        k, _, v = line.rstrip('\n').partition('=')
        if k in SPACE:
            m = re.match(r'\((\d+)\)(?: (.*))?$', v)
            if m:
                kind = SPACE[k]
                if m.group(2) is not None:
                    names[kind, m.group(1)] = m.group(2)
                v = names[kind, m.group(1)]
        yield k, v, line


def symbolizer(script):
    """The path of llvm-symbolizer; `script` exits saying it is needed when it is missing."""
    tool = shutil.which('llvm-symbolizer')
    if not tool:
        sys.exit(f'{script}: llvm-symbolizer is needed')
    return tool


def inlining(tool, binary, addrs):
    """For each of `addrs` (in order), the inlining chain at that address of `binary`,
    innermost first: [(function, file:line:col)]."""
    text = '\n'.join(hex(a) for a in addrs) + '\n'
    out = subprocess.run([tool, '--obj=' + binary, '--inlining', '--demangle'],
                         input=text, capture_output=True, text=True, check=True).stdout
    res = []
    # One block per address, frames as (function line, file:line:col line), blank-ended.
    for _, block in zip(addrs, out.split('\n\n')):
        ls = [x for x in block.split('\n') if x]
        res.append([(ls[i], ls[i + 1]) for i in range(0, len(ls) - 1, 2)])
    return res
