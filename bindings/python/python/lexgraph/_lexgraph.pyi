"""Type stubs of the extension module lexgraph._lexgraph (see lexgraph)."""

# ruff: noqa: E501

import os
from typing import Any, Dict, Iterable, Iterator, List, Literal, Optional, Sequence, Tuple, Union, overload

__version__: str

StrPath = Union[str, "os.PathLike[str]"]
Position = Union[str, Sequence[str]]

class LexgraphError(ValueError):
    """A lexgraph error: a bad position, rack, word list, pattern, strategy or
    lexicon file, with the library's message. One that
    ``moves_batch(errors="return")`` puts in a bad position's place has a
    ``position`` attribute: the index."""

class Lexicon:
    """A compiled lexicon (DAWG or GADDAG, or a KWG), memory-mapped (``open``)
    or read into memory (``read``). Thread-safe; pickles as its path and how
    it was opened.

    A mapped file must not be truncated or rewritten in place while in use:
    that kills the process with SIGBUS, which Python cannot catch (replacing
    the file by rename is safe). ``Lexicon.read`` avoids the hazard."""

    def __init__(self, path: StrPath) -> None: ...
    @staticmethod
    def open(path: StrPath) -> "Lexicon":
        """Opens (memory-maps) a ``.dawg`` or ``.gaddag`` file (or a KWG). The
        file must not be truncated or rewritten in place while in use
        (SIGBUS); see ``read``."""
    @staticmethod
    def read(path: StrPath) -> "Lexicon":
        """Reads a ``.dawg`` or ``.gaddag`` file (or a KWG) into memory: safe
        from the file changing while in use, for a read of the file and its
        size in memory."""
    @property
    def path(self) -> str: ...
    @property
    def in_memory(self) -> bool:
        """True when read into memory (``read``), False when mapped."""
    @property
    def kind(self) -> Literal["dawg", "gaddag"]: ...
    @property
    def alphabet(self) -> str: ...
    @property
    def word_count(self) -> int: ...
    def __len__(self) -> int: ...
    def contains(self, word: str) -> bool:
        """Whether ``word`` (any case) is a word."""
    def __contains__(self, word: object) -> bool: ...
    def anagram(self, rack: str, partial: bool = False) -> List[str]:
        """Words of exactly the tiles of ``rack`` (``?`` a blank, lower case
        in the result), sorted; with ``partial``, of some of them."""
    def pattern(self, pattern: str) -> List[str]:
        """Words matching ``pattern``: ``?`` one tile, ``*`` any run."""
    def words(self, prefix: Optional[str] = None) -> "WordIter":
        """Words starting with ``prefix`` (all when None), sorted, streamed."""
    def __iter__(self) -> "WordIter": ...
    def moves(
        self,
        position: Position,
        rack: Optional[str] = None,
        *,
        top: Optional[int] = None,
        by: str = "equity",
        leaves: Optional[str] = None,
        exchanges: bool = False,
    ) -> List["Move"]:
        """The plays of a position, best first: by equity (the default, with
        ``leaves``: auto or None for the lexicon's own X.klv2 beside it, else
        Gordon's Heuristic 2; gordon1, gordon2, klv:FILE, csv:FILE), or
        ``by="score"``. ``position``: a CGP line, or board rows with
        ``rack``. Releases the GIL."""
    def sim(
        self,
        position: Position,
        rack: Optional[str] = None,
        *,
        candidates: int = 15,
        plies: int = 2,
        iterations: int = 1000,
        time: Optional[float] = None,
        stop: Optional[float] = 0.99,
        seed: int = 1,
        leaves: Optional[str] = None,
        win_table: Optional[str] = None,
        threads: Optional[int] = None,
    ) -> Dict[str, Any]:
        """Simulates the best plays ``plies`` ahead (``lexgraph sim``): a dict
        of ``stopped``, ``iterations`` and ``candidates`` (best first: play,
        score, equity, leave, mean, stderr, low, high, win, iterations,
        dropped). The same seed gives the same result on any thread count.
        Releases the GIL; Ctrl-C raises KeyboardInterrupt."""
    def endgame(
        self,
        position: Position,
        rack: Optional[str] = None,
        *,
        time: Optional[float] = None,
        depth: Optional[int] = None,
        all_first_plays: bool = False,
        threads: Optional[int] = None,
    ) -> Dict[str, Any]:
        """Solves a position whose bag is empty (``lexgraph endgame``): a dict
        of ``value``, ``final_spread``, ``exact`` (False when ``time`` or
        ``depth`` cut the search: an estimate), ``depth``, ``nodes``,
        ``interrupted``, ``racks``, ``line`` (player, play, score, end,
        ending) and ``first_plays`` (play, value, upper_bound). The value
        and best play are the same on any thread count. Releases the GIL;
        Ctrl-C raises KeyboardInterrupt."""
    def check_play(self, position: Position, play: str, rack: Optional[str] = None) -> "CheckedPlay":
        """Checks one play in players' notation (``8D QUIRE`` across, ``D8
        QUIRe`` down, lower case a blank, ``.`` a tile on the board) as
        ``lexgraph moves --play`` does: legal or not, its score, every word
        it forms, and why not. ``position`` and ``rack`` as in ``moves``. A
        play that does not parse, or a bad position, raises LexgraphError;
        an illegal play does not. Releases the GIL."""
    @overload
    def moves_batch(
        self,
        positions: Iterable[Position],
        rack: Optional[str] = None,
        *,
        top: Optional[int] = None,
        by: str = "equity",
        leaves: Optional[str] = None,
        exchanges: bool = False,
        threads: Optional[int] = None,
        errors: Literal["raise"] = "raise",
    ) -> List[List["Move"]]: ...
    @overload
    def moves_batch(
        self,
        positions: Iterable[Position],
        rack: Optional[str] = None,
        *,
        top: Optional[int] = None,
        by: str = "equity",
        leaves: Optional[str] = None,
        exchanges: bool = False,
        threads: Optional[int] = None,
        errors: Literal["return"],
    ) -> List[Union[List["Move"], LexgraphError]]:
        """``moves`` for many positions, in parallel with the GIL released, on
        ``threads`` threads (1 to 256; every core when None; ValueError
        otherwise). A bad position raises LexgraphError naming its index
        (``errors="raise"``), or with ``errors="return"`` takes a
        LexgraphError in its moves' place: its message is what ``lexgraph
        moves --cgp-file`` prints for the line, its ``position`` attribute
        the index; the other positions' moves are kept. A bad ``leaves`` or
        ``by`` raises either way. Ctrl-C stops it within a position's
        search."""

class WordIter(Iterator[str]):
    def __iter__(self) -> "WordIter": ...
    def __next__(self) -> str: ...

class Tile:
    """A tile placed by a move. Picklable, hashable, equal when every field
    is."""

    row: int
    col: int
    letter: str
    blank: bool
    def __init__(self, row: int, col: int, letter: str, blank: bool) -> None: ...
    def to_dict(self) -> dict: ...

class CrossWord:
    """A word formed across a move's main word. Picklable, hashable, equal
    when every field is."""

    row: int
    col: int
    dir: Literal["across", "down"]
    word: str
    def __init__(self, row: int, col: int, dir: Literal["across", "down"], word: str) -> None: ...
    def to_dict(self) -> dict: ...

class Move:
    """A play with the fields of ``lexgraph moves --format json``. Picklable
    (with its board and alphabet: no lexicon needed to unpickle); hashable;
    equal to a move of the same play, ranking and board from the same
    lexicon path."""

    @property
    def type(self) -> Literal["place", "exchange", "pass"]: ...
    @property
    def row(self) -> Optional[int]: ...
    @property
    def col(self) -> Optional[int]: ...
    @property
    def dir(self) -> Optional[Literal["across", "down"]]: ...
    @property
    def notation(self) -> Optional[str]: ...
    @property
    def word(self) -> Optional[str]: ...
    @property
    def tiles(self) -> List[Tile]: ...
    @property
    def cross_words(self) -> Optional[List[CrossWord]]: ...
    @property
    def exchange(self) -> Optional[str]: ...
    @property
    def score(self) -> int: ...
    @property
    def equity(self) -> Optional[float]: ...
    @property
    def leave(self) -> Optional[str]: ...
    @property
    def lexicon(self) -> str: ...
    def to_dict(self) -> dict:
        """The JSON output's object for this play."""
    def __eq__(self, other: object) -> bool:
        """The same play, ranking (equity and leave, or none), board and
        lexicon path."""
    def __hash__(self) -> int:
        """Of the play and lexicon path: equal moves hash alike."""

class CheckedPlay:
    """What ``Lexicon.check_play`` found. Picklable; equal when every field
    is."""

    play: str
    """The play as given (white space collapsed)."""
    legal: bool
    score: Optional[int]
    """Its score when legal, else None."""
    words: List[str]
    """Every word of two or more tiles it forms: the main word, then the
    cross words, blanks in lower case; for an illegal play, the words it
    would form (none when its tiles do not fit on the board)."""
    why: Optional[str]
    """Why it is not legal (the rules it breaks, joined by ``; ``), as
    ``lexgraph moves --play`` says; None when legal."""
    move: Optional[Move]
    """The play as ``moves(by="score")`` lists it (equal to that Move), when
    legal."""
    def __init__(
        self,
        play: str,
        legal: bool,
        score: Optional[int],
        words: List[str],
        why: Optional[str],
        move: Optional[Move] = None,
    ) -> None: ...
    def to_dict(self) -> dict:
        """``{"play", "legal", "score", "words", "why"}``."""

class GameStats:
    """One game's result by player (index 0: the first strategy), a list
    with an entry for each of the 2 to 4 players. Seat s was player
    (s + first) % players. Picklable, equal when every field is."""

    number: int
    first: int
    scores: List[int]
    bingos: List[int]
    turns: List[int]
    points: List[int]
    legal_moves: List[int]
    def __init__(
        self,
        number: int,
        first: int,
        scores: List[int],
        bingos: List[int],
        turns: List[int],
        points: List[int],
        legal_moves: List[int],
    ) -> None: ...

class Summary:
    """A match's statistics: the first strategy's against the others (the
    second in a match of two: wins, draws, losses, win_rate, mean_spread),
    and each player's (win_rates, mean_score, ...: lists by player; a tie
    for first shares the win). Picklable, equal when every field is."""

    games: int
    players: int
    win_rates: List[float]
    win_rates_ci95: List[Tuple[float, float]]
    wins: int
    draws: int
    losses: int
    win_rate: float
    win_rate_ci95: Tuple[float, float]
    mean_score: List[float]
    mean_spread: float
    spread_sd: float
    bingos_per_game: List[float]
    points_per_turn: List[float]
    turns_per_game: float
    moves_per_turn: Optional[float]
    def __init__(
        self,
        games: int,
        wins: int,
        draws: int,
        losses: int,
        win_rate: float,
        win_rate_ci95: Tuple[float, float],
        mean_score: List[float],
        mean_spread: float,
        spread_sd: float,
        bingos_per_game: List[float],
        points_per_turn: List[float],
        turns_per_game: float,
        moves_per_turn: Optional[float] = None,
        players: int = 2,
        win_rates: Optional[List[float]] = None,
        win_rates_ci95: Optional[List[Tuple[float, float]]] = None,
    ) -> None: ...
    def to_dict(self) -> dict: ...

def compile(
    words: Union[StrPath, Iterable[str]], out: StrPath, *, alphabet: Optional[str] = None
) -> Tuple[str, str]:
    """Compiles a word list (a file, or words) into OUT.dawg and OUT.gaddag.
    Ctrl-C stops it at the end of its reading or building phase, writing no
    file."""

def play_games(
    lexicon: Lexicon,
    p1: str,
    p2: str,
    seed: int,
    start: int,
    count: int,
    *,
    count_moves: bool = False,
    threads: Optional[int] = None,
    p3: Optional[str] = None,
    p4: Optional[str] = None,
) -> List[GameStats]:
    """Plays games start .. start+count of a match on ``threads`` threads (1
    to 256; every core when None); merge shards with summarize. ``p3`` and
    ``p4`` seat a third and fourth player. Ctrl-C stops it within a game."""

def summarize(stats: Sequence[GameStats], *, count_moves: Optional[bool] = None) -> Summary:
    """The summary of games (put in game order first)."""

def play_match(
    lexicon: Lexicon,
    p1: str,
    p2: str,
    games: int,
    seed: int,
    *,
    count_moves: bool = False,
    threads: Optional[int] = None,
    p3: Optional[str] = None,
    p4: Optional[str] = None,
) -> Summary:
    """A whole match on this machine, on ``threads`` threads (1 to 256; every
    core when None): the same summary whatever the count. ``p3`` and ``p4``
    seat a third and fourth player (games of N share a bag, the seats
    turning). Ctrl-C stops it within a game."""

def train_games(
    lexicon: Lexicon,
    leaves: Optional[bytes],
    seed: int,
    generation: int,
    start: int,
    count: int,
    *,
    threads: Optional[int] = None,
) -> bytes:
    """Plays games start .. start+count of generation ``generation`` of a
    leave-training run with the leave values ``leaves`` (KLV2 bytes, or None:
    every leave 0) and returns their tally (bytes). Ctrl-C stops it."""

def merge_tallies(tallies: Sequence[bytes]) -> bytes:
    """Merges tallies exactly, in any order."""

def estimate_leaves(lexicon: Lexicon, tally_bytes: bytes, *, min_support: int = 50) -> bytes:
    """Leave values from a tally, as a KLV2 file's bytes."""

def win_table(tally_bytes: bytes) -> str:
    """A tally's win table as ``unseen,spread,turns,wins`` CSV."""

def train_leaves(
    lexicon: Lexicon,
    games: Union[int, Sequence[int]],
    *,
    generations: int = 4,
    seed: int = 1,
    min_support: int = 50,
    threads: Optional[int] = None,
) -> Tuple[bytes, str]:
    """Trains leave values by self-play on this machine: ``(klv2, win_table)``,
    what ``lexgraph leaves train`` writes, whatever the thread count."""
