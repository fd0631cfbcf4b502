"""The cost of one Lexicon.moves() call from Python, for comparison with the
same call in Rust (bindings/engine/examples/bench_moves.rs):

    python bench_moves.py LEXICON POSITIONS.cgp [TOP|all] [LEAVES|score] [REPS]

LEAVES: by equity with these leave values (auto, the default: the lexicon's
own, else Heuristic 2); score (or none): by score.

Prints microseconds per call, best of REPS rounds over every line, for the
call alone and for the call plus reading every move's fields (to_dict).
"""

import sys
import time

import lexgraph


def main(argv):
    lexicon, positions, *rest = argv
    top = None if not rest or rest[0] == "all" else int(rest[0])
    leaves = "auto" if len(rest) < 2 else rest[1]
    kw = {"by": "score"} if leaves in ("score", "none") else {"leaves": leaves}
    reps = int(rest[2]) if len(rest) > 2 else 5
    lex = lexgraph.Lexicon.open(lexicon)
    lines = [l for l in open(positions, encoding="utf-8").read().splitlines() if l.strip()]

    def best(body):
        t_best = float("inf")
        for _ in range(reps):
            t = time.perf_counter()
            n = body()
            t_best = min(t_best, time.perf_counter() - t)
        return t_best / len(lines) * 1e6, n

    call, plays = best(lambda: sum(len(lex.moves(l, top=top, **kw)) for l in lines))
    fields, _ = best(lambda: sum(len(m.to_dict()) for l in lines for m in lex.moves(l, top=top, **kw)))
    batch, _ = best(lambda: sum(len(ms) for ms in lex.moves_batch(lines, top=top, threads=1, **kw)))
    tag = f"{len(lines)} positions, {plays} plays, top={top or 'all'} leaves={leaves}"
    print(f"python: {tag}: moves() {call:.1f} us per call; with to_dict() {fields:.1f}; "
          f"moves_batch(threads=1) {batch:.1f} per position (best of {reps})")


if __name__ == "__main__":
    main(sys.argv[1:])
