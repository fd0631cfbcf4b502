"""A match sharded across a Dask cluster, checked against one machine.

    python dask_match.py LEXICON.gaddag --games 400 --seed 7 [--scheduler tcp://HOST:8786]

Without --scheduler it starts a LocalCluster of 2 worker processes. The
workers open the lexicon by its path (use a shared file system, or the same
path on each machine). The merged summary equals lexgraph.play_match's for
the same seed, which --check verifies by also playing the match here.
"""

import argparse
import sys
import time

from dask.distributed import Client, LocalCluster

import lexgraph
from lexgraph import cluster


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("lexicon")
    ap.add_argument("--p1", default="gordon2")
    ap.add_argument("--p2", default="greedy")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--shards", type=int, default=None)
    ap.add_argument("--scheduler", default=None)
    ap.add_argument("--check", action="store_true", help="also play it on this machine and compare")
    args = ap.parse_args(argv)

    lex = lexgraph.Lexicon.open(args.lexicon)
    local = None if args.scheduler else LocalCluster(n_workers=2, threads_per_worker=1,
                                                     dashboard_address=None)
    with Client(args.scheduler or local) as client:
        t = time.perf_counter()
        summary, _ = cluster.play_match(client, lex, args.p1, args.p2, args.games, args.seed,
                                        shards_count=args.shards)
        print(f"cluster: {summary} in {time.perf_counter() - t:.2f} s")
    if local is not None:
        local.close()
    if args.check:
        whole = lexgraph.play_match(lex, args.p1, args.p2, args.games, args.seed)
        print(f"one machine: {whole}")
        if whole != summary:
            print("the summaries differ", file=sys.stderr)
            return 1
        print("identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
