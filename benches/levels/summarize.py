"""The *Levels* section of BENCHMARKS.md, from benches/results/levels.jsonl
(one `lexgraph match --format json` object a line, with `word_ranks`), as
benches/levels/calibrate.sh writes it."""

import json
import platform
import sys


def cpu():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


rows = [json.loads(line) for line in sys.stdin if line.strip()]
print("## Levels\n")
print(
    "`level:N` against `level:N-1` (`lexgraph match`, seed 37, games 2k and 2k+1 sharing a bag), "
    "on the bundled English list (`lexicons/wordlist-en.txt`) with its own leaves, by "
    "`benches/levels/calibrate.sh` on " + cpu() + " (2 threads). The levels "
    "([`docs/players.md`](docs/players.md)): 1 = greedy on the 2,000 most frequent words "
    "(and every two-letter word) with realism 40; 2 = Gordon's Heuristic 1 on 5,000 words, "
    "realism 20; 3 = Heuristic 2 on 20,000 words, realism 6; 4 = every word, the list's own "
    "leaves; 5 = level 4 simulating every move (64 iterations, 2 plies, 8 candidates). "
    "Win rate: the higher level's, a draw counting half, with Wilson's 95 % interval. "
    "Word rank: the rank in `lexicons/english.freq.csv` (1 = *the*) of the main word of each "
    "placement in the first 200 games' records, mean and median over the words the list "
    "ranks, and the share it does not rank (words too rare for wordfreq).\n"
)
print("| match | games | win rate of the higher level (95 % CI) | mean score, higher / lower | word rank, higher level: mean (median; unranked) | word rank, lower level |")
print("|---|--:|--:|--:|--:|--:|")
for m in rows:
    r = m["word_ranks"]

    def words(nick):
        w = r.get(nick, {})
        mean, median = w.get("mean_rank"), w.get("median_rank")
        return f"{mean:,.0f} ({median:,.0f}; {100 * (w.get('unranked') or 0):.1f} %)"

    print(
        f"| {m['p1']} vs {m['p2']} | {m['games']:,} | {100 * m['win_rate']:.1f} % "
        f"({100 * m['win_rate_ci95'][0]:.1f}–{100 * m['win_rate_ci95'][1]:.1f} %) "
        f"| {m['mean_score'][0]:.1f} / {m['mean_score'][1]:.1f} "
        f"| {words('p1')} | {words('p2')} |"
    )
