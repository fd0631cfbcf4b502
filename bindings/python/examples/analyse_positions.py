"""Analyse a file of positions in parallel: the best plays of each CGP line.

    python analyse_positions.py LEXICON.gaddag POSITIONS.cgp [--top 3] [--leaves gordon2] [--workers 4]

`Lexicon.moves` releases the GIL while it searches, so a thread pool runs
the positions on every core; results print in the file's order. (For one
call over a whole list, `Lexicon.moves_batch` does the same in Rust.)
"""

import argparse
import concurrent.futures
import json
import sys
import time

import lexgraph


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("lexicon")
    ap.add_argument("positions")
    ap.add_argument("--top", type=int, default=3)
    ap.add_argument("--leaves", default=None, help="gordon1, gordon2, klv:FILE, csv:FILE")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--json", action="store_true", help="one JSON object per play")
    args = ap.parse_args(argv)

    lex = lexgraph.Lexicon.open(args.lexicon)
    with open(args.positions, encoding="utf-8") as f:
        lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]

    def analyse(cgp):
        try:
            return lex.moves(cgp, top=args.top, leaves=args.leaves)
        except lexgraph.LexgraphError as e:
            return e

    t = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(args.workers) as pool:
        results = list(pool.map(analyse, lines))
    elapsed = time.perf_counter() - t

    bad = 0
    for i, r in enumerate(results):
        if isinstance(r, Exception):
            print(f"position {i}: error: {r}", file=sys.stderr)
            bad += 1
            continue
        for m in r:
            if args.json:
                print(json.dumps({"position": i, **m.to_dict()}))
            else:
                text = m.notation or (f"exchange {m.exchange}" if m.exchange else "pass")
                eq = f" {m.equity:g} {m.leave or '-'}" if m.equity is not None else ""
                print(f"{i}\t{text} {m.score}{eq}")
    print(f"{len(lines)} positions in {elapsed * 1000:.1f} ms", file=sys.stderr)
    return 3 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
