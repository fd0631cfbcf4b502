"""Markdown for BENCHMARKS.md (benches/results/endgame.md) from
endgame-side-by-side.sh's CSV files: THREADS=FILE pairs.

    python3 endgame-summarize.py 1=eg1.csv 2=eg2.csv > benches/results/endgame.md
"""

import csv
import math
import statistics
import sys


def main():
    runs = [arg.split("=", 1) for arg in sys.argv[1:]]
    out = [
        "## Endgames",
        "",
        "Exact endgame values of SOWPODS self-play positions (the first turn of each game with the bag empty, "
        "both racks known; `benches/peers/magpie/endgames.py`), solved by `lexgraph endgame` and by MAGPIE's "
        "`endgame` (built from its public repository, `benches/peers/magpie/setup.sh`; CSW21 = `../shared/kwg/SOWPODS.kwg`, "
        "25 plies, its deepest, no time limit) in turn, position by position "
        "(`benches/peers/magpie/endgame-side-by-side.sh`). Times: lexgraph's `seconds` (the search, the lexicon opened "
        "before), MAGPIE's own timer. MAGPIE deepens to its 25 plies on every position; lexgraph stops as soon as "
        "no line is cut (the value is exact).",
        "",
        "| threads | positions | values agree | lexgraph median s | MAGPIE median s | lexgraph / MAGPIE, median (min–max) | geometric mean | total s, lexgraph / MAGPIE |",
        "|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    detail, notes = [], []
    for threads, path in runs:
        every = list(csv.DictReader(open(path)))
        # Positions both solved within the cap; the others are listed below.
        rows = [r for r in every if r["lexgraph_exact"] == "true" and r["magpie_value"] != "capped"]
        agree = sum(r["lexgraph_value"] == r["magpie_value"] for r in rows)
        lg = [float(r["lexgraph_seconds"]) for r in rows]
        mg = [float(r["magpie_seconds"]) for r in rows]
        ratios = [max(a, 1e-4) / max(b, 1e-3) for a, b in zip(lg, mg)]
        geo = math.exp(statistics.fmean(math.log(r) for r in ratios))
        out.append(
            f"| {threads} | {len(rows)} | {agree} of {len(rows)} | {statistics.median(lg):.3f} | {statistics.median(mg):.3f} "
            f"| {statistics.median(ratios):.3f} ({min(ratios):.3f}–{max(ratios):.3f}) | {geo:.3f} | {sum(lg):.1f} / {sum(mg):.1f} |"
        )
        capped = [r for r in every if r not in rows]
        if capped:
            notes.append(
                f"{threads} thread(s): not solved by both within the cap: "
                + "; ".join(
                    f"#{r['position']} (lexgraph {'exact' if r['lexgraph_exact'] == 'true' else 'not exact'} "
                    f"in {float(r['lexgraph_seconds']):.0f} s, MAGPIE "
                    f"{'capped at ' + r['magpie_seconds'] + ' s' if r['magpie_value'] == 'capped' else r['magpie_seconds'] + ' s'})"
                    for r in capped
                )
                + "."
            )
        if not detail:
            detail = every
    out += [""] + notes if notes else []
    out += [
        "",
        "Per position (the first run):",
        "",
        "| # | value | lexgraph s | nodes | MAGPIE s |",
        "|--:|--:|--:|--:|--:|",
    ]
    for r in detail:
        same = "" if r["lexgraph_value"] == r["magpie_value"] else f" (MAGPIE {r['magpie_value']})"
        if r["lexgraph_exact"] != "true":
            same += " (lexgraph: an estimate)"
        out.append(
            f"| {r['position']} | {r['lexgraph_value']}{same} | {float(r['lexgraph_seconds']):.3f} | {int(r['lexgraph_nodes']):,} | {r['magpie_seconds']} |"
        )
    print("\n".join(out))


if __name__ == "__main__":
    main()
