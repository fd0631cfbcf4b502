#!/usr/bin/env python3
"""The best play by equity, side by side in one sitting: wolges' kibitzer
search (in-process), lexgraph's search in-process (warm: the median of 3
passes, the anagram index built first; cold: one pass on a file with the
index stored), and the whole `lexgraph moves --top 1` process on the plain
GADDAG and on the GADDAG compiled with `--anagram-index`.

    benches/peers/cli-best-side-by-side.py [ROUNDS]

Needs the release builds of `lexgraph` and `examples/movegen_timing`
(`cargo build --release -p lexgraph-cli --example movegen_timing`), the
wolges harness (`benches/peers/build.sh`) and ../shared (LEXGRAPH_SHARED).
Rounds take turns between the five, so each sees the same stretch of a
shared machine's time; ratios are taken round by round.
"""
import os, re, statistics, subprocess, sys, tempfile, time

from paths import LEXGRAPH, ROOT, SHARED, TIMING, WOLGES

SUITES = [
    ("sowpods", "sowpods.txt", "SOWPODS.kwg", "CSW21.klv2", "sowpods.cgp"),
    ("enable", "enable1.txt", "ENABLE.kwg", "NWL20.klv2", "enable.cgp"),
]


def wall(args):
    t = time.perf_counter()
    subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    work = tempfile.mkdtemp(prefix="cli-best-")
    for name, words, kwg, klv, cgp in SUITES:
        words = os.path.join(SHARED, "lexicons", words)
        kwg = os.path.join(SHARED, "kwg", kwg)
        klv = os.path.join(SHARED, "leaves", klv)
        cgp = os.path.join(ROOT, "benches", "positions", cgp)
        plain, stored = os.path.join(work, name), os.path.join(work, name + "-ix")
        for out, extra in [(plain, []), (stored, ["--anagram-index"])]:
            subprocess.run([LEXGRAPH, "compile", words, "-o", out, "--only", "gaddag", *extra],
                           check=True, stderr=subprocess.DEVNULL)
        n = sum(1 for line in open(cgp) if line.strip())
        res = {k: [] for k in ["wolges", "warm", "cold_stored", "cli_plain", "cli_stored"]}
        env = dict(os.environ, BEST="1", LEAVES=klv)
        for _ in range(rounds):
            out = subprocess.run([WOLGES, "best-equity", kwg, klv, cgp, "--reps", "1"],
                                 capture_output=True, text=True, check=True).stdout
            res["wolges"].append(float(re.search(r"mean_us=([0-9.]+)", out).group(1)))
            out = subprocess.run([TIMING, plain + ".gaddag", cgp, "3"],
                                 capture_output=True, text=True, env=env, check=True).stdout
            res["warm"].append(float(re.search(r"median ([0-9.]+)", out).group(1)))
            out = subprocess.run([TIMING, stored + ".gaddag", cgp, "1"], capture_output=True,
                                 text=True, env=dict(env, NO_INDEX="1"), check=True).stdout
            res["cold_stored"].append(float(re.search(r"median ([0-9.]+)", out).group(1)))
            for key, lex in [("cli_plain", plain), ("cli_stored", stored)]:
                args = [LEXGRAPH, "moves", "-l", lex + ".gaddag", "--cgp-file", cgp,
                        "--leaves", klv, "--top", "1"]
                res[key].append(wall(args) * 1e6 / n)
        print(f"{name}: {n} positions, {rounds} rounds, µs a position, median (min-max)")
        for key, v in res.items():
            print(f"  {key:12s} {statistics.median(v):7.1f} ({min(v):.1f}-{max(v):.1f})")

        def ratio(a, b):
            return statistics.median([x / y for x, y in zip(res[a], res[b])])

        for a, b in [("warm", "wolges"), ("cli_stored", "wolges"), ("cli_plain", "wolges"),
                     ("cli_stored", "warm"), ("cli_plain", "warm"), ("cli_stored", "cold_stored")]:
            print(f"  {a}/{b} {ratio(a, b):.3f}")


if __name__ == "__main__":
    main()
