"""lexgraph: crossword-game lexicons and move generation, from Rust.

Open a compiled lexicon (``Lexicon.open`` maps the file; ``Lexicon.read``
reads it into memory, safe from the file being rewritten in place while in
use, which kills a process that maps it with SIGBUS), query it
(``contains``, ``anagram``, ``pattern``, iteration), generate the plays of a
position (``Lexicon.moves``, ``Lexicon.moves_batch``; as a table with
``to_frame`` or ``to_arrow``), check a play (``Lexicon.check_play``), compile word lists
(``compile``) and play matches between strategies (``play_match``, or in
shards with ``play_games`` and ``summarize``; ``lexgraph.cluster`` runs the
shards on a Dask cluster) and train leave values by self-play
(``train_leaves``, or in shards with ``train_games``, ``merge_tallies`` and
``estimate_leaves``; ``lexgraph.cluster.train_leaves`` on Dask). Long calls
stop on Ctrl-C; results pickle.

>>> import lexgraph
>>> lex = lexgraph.Lexicon.open("out/enable.gaddag")            # doctest: +SKIP
>>> lex.moves("15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRS?/ 0/0 0", top=1)  # doctest: +SKIP
[<Move D2 ARsINES 80>]
"""

from ._lexgraph import (
    CheckedPlay,
    CrossWord,
    GameStats,
    LexgraphError,
    Lexicon,
    Move,
    Summary,
    Tile,
    WordIter,
    __version__,
    compile,
    estimate_leaves,
    merge_tallies,
    play_games,
    play_match,
    summarize,
    train_games,
    train_leaves,
    win_table,
)
from .frame import to_arrow, to_frame

__all__ = [
    "CheckedPlay",
    "CrossWord",
    "GameStats",
    "LexgraphError",
    "Lexicon",
    "Move",
    "Summary",
    "Tile",
    "WordIter",
    "__version__",
    "compile",
    "estimate_leaves",
    "merge_tallies",
    "play_games",
    "play_match",
    "summarize",
    "train_games",
    "to_arrow",
    "to_frame",
    "train_leaves",
    "win_table",
]
