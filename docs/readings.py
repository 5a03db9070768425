#!/usr/bin/env python3
"""Re-makes the figures of docs/readings.md from the bundled rule files.

    python3 docs/readings.py run [FILE…]   # runs the page's commands, output in target/readings/
    python3 docs/readings.py write         # rewrites the page's generated sections from it
                                           # (those of files with output in target/readings/)

`run` plays, for each rule file (all of FILES when none is named; a relative is named
by its path under rules/, `relatives/nyout.seig`), the two commands the page
quotes, under `/usr/bin/time -v` and `nice`, with `--jobs 1`:

    target/release/seig simulate rules/FILE -n 2000 --jobs 1
    target/release/seig compare rules/FILE --each-reading -n 1000 --jobs 1

and keeps their output, their timing and the load average in target/readings/. `write`
replaces each section between `<!-- generated FILE -->` and `<!-- end generated FILE -->`
in docs/readings.md with the figures, the file's sha256 (the one the simulate output
prints), and each reading's default with its option text read from the rule file, the
other options' figures beside it. tests/tools/readings_page.rs fails when a rule file no
longer has the sha256 the page gives, or a default's text differs from the file's.
"""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "target", "readings")
PAGE = os.path.join(ROOT, "docs", "readings.md")
BIN = os.path.join(ROOT, "target", "release", "seig")
FILES = ["seig-tagent.seig", "sigue-caillie.seig", "sig-beart.seig", "relatives/nyout.seig"]
COMMANDS = {
    "sim": ["simulate", "-n", "2000", "--jobs", "1"],
    "cmp": ["compare", "--each-reading", "-n", "1000", "--jobs", "1"],
}


def run(files):
    os.makedirs(OUT, exist_ok=True)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    for name in files:
        # A rule file not yet committed is not the commit's: say so beside the commit.
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "rules/" + name], cwd=ROOT,
                               capture_output=True, text=True).stdout.strip()
        at = commit + (" with rules/" + name + " changed since" if dirty else "")
        for kind, args in COMMANDS.items():
            cmd = [BIN, args[0], "rules/" + name] + args[1:]
            with open("/proc/loadavg") as f:
                load = f.read().split()[0]
            base = os.path.join(OUT, name + "." + kind)
            # A relative's output goes in a folder of its own (target/readings/relatives/).
            os.makedirs(os.path.dirname(base), exist_ok=True)
            with open(base + ".txt", "w") as out, open(base + ".time", "w") as err:
                subprocess.run(["/usr/bin/time", "-v", "nice", "-n", "10"] + cmd,
                               cwd=ROOT, stdout=out, stderr=err, check=True)
            with open(base + ".meta", "w") as meta:
                meta.write(f"commit {at}\nload {load} at its start\n")
            print(f"{name} {kind}: done", file=sys.stderr)


def unescape(s):
    return s.replace('\\"', '"').replace("\\\\", "\\")


def readings(name):
    """(ID, default option, its text, [other option names]) in file order."""
    text = open(os.path.join(ROOT, "rules", name), encoding="utf-8").read()
    out = []
    for m in re.finditer(r'^reading (\S+) "(?:[^"\\]|\\.)*" \{\n(.*?)^\}', text, re.M | re.S):
        opts = re.findall(r'^\s+([\w-]+)( \(default\))?(?: "((?:[^"\\]|\\.)*)")?\s*$',
                          m.group(2), re.M)
        default = next(o for o in opts if o[1])
        out.append((m.group(1), default[0], unescape(default[2]),
                    [o[0] for o in opts if not o[1]]))
    return out


def arms(cmp_text):
    """ID=option -> (its completion, turns difference) from the compare table."""
    table = {}
    for line in cmp_text.splitlines():
        if re.match(r"^[AR]-[A-Z]+-\d+\S*=", line):
            cols = re.split(r"\s{2,}", line.strip())
            bare = [c.replace(" **", "").replace(" *", "") for c in cols]
            table[cols[0]] = bare
    return table


def beside(option, cols):
    """One option's figures: its completion, how the rest ended, its turns against the defaults."""
    completion, timeouts, deadlocks, turns, captures = cols[1].split(" ")[0], cols[2], cols[3], cols[5], cols[7]
    if turns == "+0.0 [+0.0, +0.0]" and captures == "+0.0 [+0.0, +0.0]" and completion == "100.0%":
        return f"`{option}` plays the very same games here (the same turns and captures in every game)"
    text = f"`{option}` ends {completion}"
    if completion != "100.0%":
        text += f" (timeouts {timeouts}, deadlocks {deadlocks})"
    if turns != "—":
        text += f", turns {turns}"
    return text


def timing(base):
    t = open(base + ".time").read()
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", t).group(1)
    parts = [float(p) for p in wall.split(":")]
    secs = sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
    user = float(re.search(r"User time \(seconds\): (\S+)", t).group(1))
    sys_ = float(re.search(r"System time \(seconds\): (\S+)", t).group(1))
    meta = dict(l.split(" ", 1) for l in open(base + ".meta").read().splitlines())
    return secs, user + sys_, meta


def figure(line, key):
    m = re.search(key + r"\s+mean (\S+)", line)
    return float(m.group(1)) if m else 0.0


def section(name):
    base = os.path.join(OUT, name)
    sim = open(base + ".sim.txt", encoding="utf-8").read().rstrip()
    cmp_ = open(base + ".cmp.txt", encoding="utf-8").read().rstrip()
    sha = re.search(r"file sha256 ([0-9a-f]{64})", sim).group(1)
    s_wall, s_cpu, meta = timing(base + ".sim")
    c_wall, c_cpu, c_meta = timing(base + ".cmp")
    caps = figure(sim, "captures / game")
    rems = figure(sim, "removals / game")
    lines = [
        f"File sha256 `{sha}`; figures made by the binary built at commit `{meta['commit']}`,",
        "with the commands below (`--jobs 1`, under `nice -n 10`, timed with `/usr/bin/time -v` on",
        "the 2 cores the project's engineers share; the wall time depends on the load, the CPU time",
        "much less):",
        "",
        "```",
        f"seig simulate rules/{name} -n 2000 --jobs 1",
        f"    # wall {s_wall:.1f} s, CPU {s_cpu:.1f} s, load average {meta['load']}",
        f"seig compare rules/{name} --each-reading -n 1000 --jobs 1",
        f"    # wall {c_wall:.1f} s, CPU {c_cpu:.1f} s, load average {c_meta['load']}",
        "```",
        "",
        "Under the defaults:",
        "",
        "```",
        sim,
        "```",
        "",
    ]
    homes = figure(sim, "send-homes / game")
    teams = re.findall(r"^  (\S+): (\S+) pieces lost", sim, re.M)
    lost = sum(float(n) for _, n in teams)
    each = ", ".join(f"{t} {float(n):.2f}" for t, n in teams)
    if abs(caps - homes + rems - lost) > 0.15:
        print(f"{name}: captures - send-homes + removals != pieces lost", file=sys.stderr)
    lines += [
        f"Pieces lost in all: {lost:.1f} a game ({each}, the per-team lines above). They are the",
        f'"captures", pieces taken by landing on them ({caps:.1f} a game), less those a capture',
        f'sends back to their start rather than out of the game ("send-homes", {homes:.1f}), plus',
        f'the "removals", pieces a throw takes out, the 4s of the last phase ({rems:.1f}).',
    ]
    lines += ["", "```", cmp_, "```", ""]
    lines += [
        f"Each default, and its argument: the default option's text in `rules/{name}`, word for",
        "word (`seig rules` prints it with every option); beside it, never for it, each other",
        "option's completion and turns against the defaults, from the table above (an option",
        "that plays the very same games as the default under the other defaults, such as an order",
        "of a team's players with one player a team, is said so):",
        "",
    ]
    table = arms(cmp_)
    for rid, opt, text, others in readings(name):
        beside_ = "; ".join(
            beside(o, table[rid + "=" + o]) for o in others if rid + "=" + o in table)
        stop = "" if text.endswith((".", "?", "!")) else "."
        lines.append(f"- **{rid} = {opt}**: {text}{stop}" + (f" *Beside it:* {beside_}." if beside_ else ""))
    return "\n".join(lines)


def write():
    page = open(PAGE, encoding="utf-8").read()
    for name in FILES:
        if not os.path.exists(os.path.join(OUT, name + ".cmp.meta")):
            print(f"{name}: no output in target/readings, section left as it is", file=sys.stderr)
            continue
        start, end = f"<!-- generated {name} -->", f"<!-- end generated {name} -->"
        i, j = page.index(start) + len(start), page.index(end)
        page = page[:i] + "\n" + section(name) + "\n" + page[j:]
    open(PAGE, "w", encoding="utf-8").write(page)


if __name__ == "__main__":
    if sys.argv[1:2] == ["run"]:
        run(sys.argv[2:] or FILES)
    elif sys.argv[1:2] == ["write"]:
        write()
    else:
        sys.exit(__doc__)
