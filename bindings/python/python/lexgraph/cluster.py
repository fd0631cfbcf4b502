"""Matches sharded across a Dask cluster.

Each game of a match depends only on the match seed and its number, so a
match splits into ranges of game numbers played anywhere; ``summarize``
merges their per-game statistics into exactly the summary of
``lexgraph.play_match`` with the same seed on one machine.

>>> from dask.distributed import Client, LocalCluster              # doctest: +SKIP
>>> with LocalCluster(n_workers=2) as cluster, Client(cluster) as client:   # doctest: +SKIP
...     summary, games = play_match(client, lex, "gordon2", "greedy", games=1000, seed=7)
"""

from __future__ import annotations

from typing import List, Optional, Tuple, Union

from ._lexgraph import GameStats, Lexicon, Summary, play_games, summarize


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
) -> Tuple[Summary, List[GameStats]]:
    """Plays a match on a Dask cluster: ``shards_count`` tasks (default: four
    per worker) each run ``lexgraph.play_games`` on a range of game numbers;
    the results are gathered and merged. Returns the summary, equal to
    ``lexgraph.play_match(lexicon, p1, p2, games, seed)``, and every game's
    statistics in game order. Workers open the lexicon from its path, which
    they must be able to read (a shared file system, or the same path), as
    it was opened here: read into memory for a ``Lexicon.read`` lexicon,
    else mapped."""
    path = lexicon.path if isinstance(lexicon, Lexicon) else str(lexicon)
    in_memory = isinstance(lexicon, Lexicon) and lexicon.in_memory
    if shards_count is None:
        workers = len(client.scheduler_info().get("workers", {})) or 1
        shards_count = 4 * workers
    futures = [
        client.submit(
            _play_shard, path, in_memory, p1, p2, seed, start, n, count_moves, pure=False
        )
        for start, n in shards(games, shards_count)
    ]
    stats: List[GameStats] = [g for part in client.gather(futures) for g in part]
    stats.sort(key=lambda g: g.number)
    return summarize(stats, count_moves=count_moves), stats


def _play_shard(path, in_memory, p1, p2, seed, start, count, count_moves):
    lexicon = Lexicon.read(path) if in_memory else Lexicon.open(path)
    return play_games(lexicon, p1, p2, seed, start, count, count_moves=count_moves)
