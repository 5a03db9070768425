#!/usr/bin/env python3
"""Lists `pub` items of crates/* whose name appears in no file outside their crate
(root src/, tests/, fuzz/, benches/, examples/, other crates)."""
import os, re, sys, subprocess
root = sys.argv[1] if len(sys.argv) > 1 else '.'
os.chdir(root)
item = re.compile(r'^\s*pub\s+(?:const\s+fn|async\s+fn|unsafe\s+fn|fn|struct|enum|const|static|type|trait|mod|union)\s+([A-Za-z_][A-Za-z0-9_]*)')
def rs_files(d):
    for dp, dn, fn in os.walk(d):
        if '/target' in dp: continue
        for f in fn:
            if f.endswith('.rs'): yield os.path.join(dp, f)
crates = sorted(os.listdir('crates'))
texts = {}
for d in ['src', 'tests', 'fuzz', 'benches', 'examples'] + ['crates/' + c for c in crates]:
    if os.path.isdir(d):
        for f in rs_files(d): texts[f] = open(f, encoding='utf-8', errors='replace').read()
out = []
for c in crates:
    pre = 'crates/' + c + '/'
    outside = '\n'.join(t for f, t in texts.items() if not f.startswith(pre))
    inside = {f: t for f, t in texts.items() if f.startswith(pre)}
    for f, t in inside.items():
        for n, line in enumerate(t.splitlines(), 1):
            m = item.match(line)
            if not m: continue
            name = m.group(1)
            if re.search(r'\b' + re.escape(name) + r'\b', outside): continue
            uses = sum(len(re.findall(r'\b' + re.escape(name) + r'\b', x)) for x in inside.values())
            out.append(f'{f}:{n}: {name} (uses in crate incl. definition: {uses})')
print('\n'.join(out)); print(len(out), 'candidates', file=sys.stderr)
