"""The frequency rank of the main words each player of a match played.

    python3 word_ranks.py LEXGRAPH LEXICON FREQ.csv GAMES_DIR N

Replays the first N game records of GAMES_DIR (`lexgraph match --gcg`)
with `lexgraph replay --format json`, takes each placement's main word (the
first of the words it forms) and looks up its rank in FREQ.csv (line order:
the file is sorted by count, most frequent first). Prints a JSON object by
nickname (p1, p2): plays, mean and median rank of the ranked words, and the
share of words the list does not rank.
"""

import json
import statistics
import subprocess
import sys
from pathlib import Path


def ranks(freq_path):
    out = {}
    with open(freq_path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#") or line == "word,count":
                continue
            word = line.split(",", 1)[0].upper()
            out.setdefault(word, len(out) + 1)
    return out


def main():
    binary, lexicon, freq, games, n = sys.argv[1:6]
    rank = ranks(freq)
    seen = {}
    for path in sorted(Path(games).glob("game-*.gcg"))[: int(n)]:
        run = subprocess.run(
            [binary, "replay", "-l", lexicon, "--format", "json", str(path)],
            capture_output=True, text=True, check=True,
        )
        for turn in json.loads(run.stdout)["turns"]:
            if turn["action"] != "place" or not turn["words"]:
                continue
            seen.setdefault(turn["player"], []).append(rank.get(turn["words"][0].upper()))
    report = {}
    for nick, rs in sorted(seen.items()):
        known = [r for r in rs if r is not None]
        report[nick] = {
            "plays": len(rs),
            "mean_rank": round(statistics.mean(known), 1) if known else None,
            "median_rank": statistics.median(known) if known else None,
            "unranked": round(1 - len(known) / len(rs), 4) if rs else None,
        }
    print(json.dumps(report))


main()
