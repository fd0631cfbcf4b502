"""Summarizes sim-side-by-side.sh's CSV (standard input) as a Markdown table:
per plies and threads, the geometric mean over the positions of each
engine's rollouts per second, and lexgraph's ratio to MAGPIE's default (its
word map on)."""
import csv
import math
import sys
from collections import defaultdict

runs = defaultdict(list)
for row in csv.DictReader(sys.stdin):
    runs[(row["engine"], int(row["plies"]), int(row["threads"]))].append(float(row["rollouts_per_s"]))


def gmean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


print("| plies | threads | lexgraph rollouts/s | MAGPIE, word map on (default) | MAGPIE, word map off | lexgraph / MAGPIE default |")
print("|--:|--:|--:|--:|--:|--:|")
for plies in sorted({k[1] for k in runs}):
    for threads in sorted({k[2] for k in runs}):
        lg = gmean(runs[("lexgraph", plies, threads)])
        on = gmean(runs[("magpie-wmp-true", plies, threads)])
        off = gmean(runs[("magpie-wmp-false", plies, threads)])
        n = len(runs[("lexgraph", plies, threads)])
        print(f"| {plies} | {threads} | {lg:,.0f} | {on:,.0f} | {off:,.0f} | {lg / on:.2f}x |")
print()
print(f"Positions per cell: {n}.")
