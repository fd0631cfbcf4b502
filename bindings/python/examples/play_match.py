"""Play a match between two strategies and print its statistics.

    python play_match.py LEXICON.gaddag --p1 gordon2 --p2 greedy --games 200 --seed 7

Strategies: greedy, gordon1, gordon2, klv:FILE.klv2, csv:FILE. Games come
in pairs that share a bag, each player moving first once; the result of a
seed is the same on any number of threads (and on a Dask cluster: see
lexgraph.cluster and dask_match.py).
"""

import argparse
import sys

import lexgraph


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("lexicon")
    ap.add_argument("--p1", default="gordon2")
    ap.add_argument("--p2", default="greedy")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)

    lex = lexgraph.Lexicon.open(args.lexicon)
    s = lexgraph.play_match(lex, args.p1, args.p2, args.games, args.seed)
    lo, hi = s.win_rate_ci95
    print(f"{args.p1} vs {args.p2}: {s.games} games, seed {args.seed}")
    print(f"  wins {s.wins}, draws {s.draws}, losses {s.losses}")
    print(f"  win rate {s.win_rate:.3f} (95% CI {lo:.3f}-{hi:.3f})")
    print(f"  mean score {s.mean_score[0]:.1f} - {s.mean_score[1]:.1f}, "
          f"spread {s.mean_spread:+.1f} (sd {s.spread_sd:.1f})")
    print(f"  bingos per game {s.bingos_per_game[0]:.2f} - {s.bingos_per_game[1]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
