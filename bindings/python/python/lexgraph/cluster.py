"""Matches and leave training sharded across a Dask cluster.

Each game of a match depends only on the match seed and its number, so a
match splits into ranges of game numbers played anywhere; ``summarize``
merges their per-game statistics into exactly the summary of
``lexgraph.play_match`` with the same seed on one machine. Leave training
(``train_leaves``) splits each generation's games the same way; the
shards' tallies are integer counts and sums, merged exactly, so the table
is byte for byte the one ``lexgraph.train_leaves`` makes on one machine.

Workers need only ``pip install lexgraph`` and the lexicon file at the
path the client gives (a shared file system, or the same path on each).

>>> from dask.distributed import Client, LocalCluster              # doctest: +SKIP
>>> with LocalCluster(n_workers=2) as cluster, Client(cluster) as client:   # doctest: +SKIP
...     summary, games = play_match(client, lex, "gordon2", "greedy", games=1000, seed=7)
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple, Union

from ._lexgraph import (
    GameStats,
    Lexicon,
    Summary,
    estimate_leaves,
    merge_tallies,
    play_games,
    summarize,
    train_games,
    win_table,
)


def shards(games: int, count: int) -> List[Tuple[int, int]]:
    """Splits game numbers ``0 .. games`` into ``count`` ranges ``(start, n)``
    of nearly equal size, in order. Pairs of games (which share a bag) may
    fall in different shards: every game depends only on its number."""
    if games < 0 or count < 1:
        raise ValueError("games must be >= 0 and count >= 1")
    base, extra = divmod(games, count)
    out, start = [], 0
    for i in range(count):
        n = base + (1 if i < extra else 0)
        if n:
            out.append((start, n))
        start += n
    return out


def play_match(
    client,
    lexicon: Union[Lexicon, str],
    p1: str,
    p2: str,
    games: int,
    seed: int,
    *,
    shards_count: Optional[int] = None,
    count_moves: bool = False,
    p3: Optional[str] = None,
    p4: Optional[str] = None,
) -> Tuple[Summary, List[GameStats]]:
    """Plays a match on a Dask cluster: ``shards_count`` tasks (default: four
    per worker) each run ``lexgraph.play_games`` on a range of game numbers;
    the results are gathered and merged. Returns the summary, equal to
    ``lexgraph.play_match(lexicon, p1, p2, games, seed)``, and every game's
    statistics in game order. Workers open the lexicon from its path, which
    they must be able to read (a shared file system, or the same path), as
    it was opened here: read into memory for a ``Lexicon.read`` lexicon,
    else mapped. ``p3`` and ``p4`` seat a third and fourth player."""
    path = lexicon.path if isinstance(lexicon, Lexicon) else str(lexicon)
    in_memory = isinstance(lexicon, Lexicon) and lexicon.in_memory
    if shards_count is None:
        workers = len(client.scheduler_info().get("workers", {})) or 1
        shards_count = 4 * workers
    futures = [
        client.submit(
            _play_shard, path, in_memory, (p1, p2, p3, p4), seed, start, n, count_moves,
            pure=False,
        )
        for start, n in shards(games, shards_count)
    ]
    stats: List[GameStats] = [g for part in client.gather(futures) for g in part]
    stats.sort(key=lambda g: g.number)
    return summarize(stats, count_moves=count_moves), stats


def _play_shard(path, in_memory, players, seed, start, count, count_moves):
    lexicon = Lexicon.read(path) if in_memory else Lexicon.open(path)
    p1, p2, p3, p4 = players
    return play_games(
        lexicon, p1, p2, seed, start, count, count_moves=count_moves, p3=p3, p4=p4
    )


def train_leaves(
    client,
    lexicon: Union[Lexicon, str],
    games: Union[int, Sequence[int]],
    *,
    generations: int = 4,
    seed: int = 1,
    min_support: int = 50,
    shards_count: Optional[int] = None,
) -> Tuple[bytes, str]:
    """Trains leave values by self-play on a Dask cluster: for each
    generation, ``shards_count`` tasks (default: four per worker) run
    ``lexgraph.train_games`` on ranges of game numbers with the previous
    generation's leaves; their tallies are merged and the new leaves
    estimated here. ``games``: a count for each of ``generations``
    generations, or a list of counts. Returns ``(klv2, win_table)``, equal
    to ``lexgraph.train_leaves(lexicon, games, ...)`` with the same seed:
    the KLV2 file's bytes and the win table's CSV."""
    path = lexicon.path if isinstance(lexicon, Lexicon) else str(lexicon)
    in_memory = isinstance(lexicon, Lexicon) and lexicon.in_memory
    here = _open(path, in_memory)
    counts = [games] * generations if isinstance(games, int) else list(games)
    if not counts or generations < 1 or any(int(n) < 1 for n in counts):
        raise ValueError("games: a positive count, or a list of them; generations >= 1")
    if shards_count is None:
        workers = len(client.scheduler_info().get("workers", {})) or 1
        shards_count = 4 * workers
    leaves: Optional[bytes] = None
    wins: List[bytes] = []
    for generation, n in enumerate(counts):
        # The previous generation's leaves go to the workers once.
        shared = client.scatter(leaves, broadcast=True) if leaves is not None else None
        futures = [
            client.submit(
                _train_shard, path, in_memory, shared, seed, generation, start, count, pure=False
            )
            for start, count in shards(int(n), shards_count)
        ]
        tally = merge_tallies(client.gather(futures))
        leaves = estimate_leaves(here, tally, min_support=min_support)
        wins.append(tally)
    return leaves, win_table(merge_tallies(wins))


def _open(path, in_memory):
    return Lexicon.read(path) if in_memory else Lexicon.open(path)


def _train_shard(path, in_memory, leaves, seed, generation, start, count):
    return train_games(_open(path, in_memory), leaves, seed, generation, start, count)
