#!/usr/bin/env python3
"""Every move, side by side in one sitting, each engine alone in its own
process: wolges' `gen_moves_raw_all_unsorted` (`wolges-peer time`) and
lexgraph's generator (`examples/movegen_timing`, the default GADDAG), with
the vector switch on and off.

    benches/peers/every-move-side-by-side.py [ROUNDS]

`bench-report` measures lexgraph's GADDAG in blocks of 100 positions taking
turns with its DAWG and the scalar twin in one process (so that all see the
same stretch of machine time); each block then starts on caches that hold
another structure's pages, which the peer's own process never meets. Here
both sides run alone: each process makes passes over the suite (wolges one
untimed pass, then 3 timed; lexgraph 3 timed, the first on cold caches) and
the median pass counts. Rounds take turns between the three; ratios are
taken round by round.

Needs the release build of `examples/movegen_timing` (`cargo build --release
--example movegen_timing`) and of `lexgraph` (to compile the word lists), the
wolges harness (`benches/peers/build.sh`) and ../shared (LEXGRAPH_SHARED).
"""

import os
import re
import statistics
import subprocess
import sys
import tempfile

from paths import LEXGRAPH, ROOT, SHARED, TIMING, WOLGES

SUITES = [("sowpods", "sowpods.txt", "SOWPODS.kwg", "sowpods.cgp"),
          ("enable", "enable1.txt", "ENABLE.kwg", "enable.cgp")]


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    work = tempfile.mkdtemp(prefix="every-move-")
    for name, words, kwg, cgp in SUITES:
        gaddag = os.path.join(work, name)
        subprocess.run([LEXGRAPH, "compile", os.path.join(SHARED, "lexicons", words), "-o", gaddag,
                        "--only", "gaddag"], check=True, stderr=subprocess.DEVNULL)
        kwg = os.path.join(SHARED, "kwg", kwg)
        cgp = os.path.join(ROOT, "benches", "positions", cgp)
        res = {k: [] for k in ["wolges", "vector", "scalar"]}
        for _ in range(rounds):
            err = subprocess.run([WOLGES, "time", kwg, cgp, "--reps", "3"], capture_output=True,
                                 text=True, check=True).stderr
            reps = [float(x) for x in re.findall(r"mean_us_per_position=([0-9.]+)", err)]
            res["wolges"].append(statistics.median(reps))
            for key, env in [("vector", {}), ("scalar", {"SCALAR": "1"})]:
                out = subprocess.run([TIMING, gaddag + ".gaddag", cgp, "3"], capture_output=True,
                                     text=True, env=dict(os.environ, **env), check=True).stdout
                res[key].append(float(re.search(r"median ([0-9.]+)", out).group(1)))
        print(f"{name}: {rounds} rounds, µs a position, median (min-max)")
        for key, v in res.items():
            print(f"  {key:8s} {statistics.median(v):7.1f} ({min(v):.1f}-{max(v):.1f})")
        for key in ["vector", "scalar"]:
            r = [x / y for x, y in zip(res[key], res["wolges"])]
            print(f"  {key}/wolges {statistics.median(r):.3f} ({min(r):.3f}-{max(r):.3f})")


if __name__ == "__main__":
    main()
