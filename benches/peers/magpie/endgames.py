"""Endgame positions for the side-by-side with MAGPIE: from `lexgraph
replay --cgp` of self-play games (one CGP line a turn, the mover's rack,
the opponent's left out), the first turn of each game whose bag is empty,
the opponent's rack filled in (every tile unseen by the mover). English
tiles, the standard distribution.

    python3 endgames.py GAME.gcg... > endgames.cgp   (needs $LEXGRAPH, $LEXICON)
"""

import os
import re
import subprocess
import sys

BAG = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ?", [9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1, 2]))


def unseen(board, rack):
    left = dict(BAG)
    for ch in re.sub(r"[0-9/]", "", board):
        left["?" if ch.islower() else ch] -= 1
    for ch in rack:
        left[ch] -= 1
    assert all(n >= 0 for n in left.values()), (board, rack)
    return "".join(ch * n for ch, n in left.items())


def main():
    exe, lexicon = os.environ["LEXGRAPH"], os.environ["LEXICON"]
    for gcg in sys.argv[1:]:
        out = subprocess.run([exe, "replay", gcg, "--cgp", "-l", lexicon], check=True, capture_output=True, text=True).stdout
        for line in out.splitlines():
            board, racks, scores, zeros = line.split()[:4]
            mine = racks.split("/")[0]
            theirs = unseen(board, mine)
            if 0 < len(theirs) <= 7 and mine:
                print(f"{board} {mine}/{theirs} {scores} {zeros}")
                break


if __name__ == "__main__":
    main()
