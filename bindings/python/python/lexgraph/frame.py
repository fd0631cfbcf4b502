"""Move lists as tables: ``to_frame`` (pandas) and ``to_arrow`` (pyarrow).

Neither library is a dependency of lexgraph: each is imported on first use,
and its absence raises ImportError naming the extra that installs it
(``pip install lexgraph[pandas]``, ``lexgraph[arrow]``).
"""

from typing import Any, Dict, Iterable, List, Union

from ._lexgraph import Move

#: The columns, in order: the position's index in the batch, the move's
#: rank within its position (0: best), then the move's fields (as
#: ``Move.to_dict`` has them; ``None`` where a kind of play has none),
#: ``tiles_placed``, and ``error`` (a bad position's message, with
#: ``moves_batch(errors="return")``: one row, the other columns None).
COLUMNS = ("position", "rank", "type", "notation", "word", "row", "col", "dir",
           "tiles_placed", "exchange", "score", "equity", "leave", "error")


def _columns(results: Iterable[Union[List[Move], BaseException]]) -> Dict[str, List[Any]]:
    results = list(results)
    # One position's moves (a list of Move) is a batch of one.
    if results and all(isinstance(r, Move) for r in results):
        results = [results]
    cols: Dict[str, List[Any]] = {c: [] for c in COLUMNS}
    for i, item in enumerate(results):
        if isinstance(item, BaseException):
            row = dict.fromkeys(COLUMNS)
            row.update(position=i, error=str(item))
            for c in COLUMNS:
                cols[c].append(row[c])
            continue
        for rank, m in enumerate(item):
            if not isinstance(m, Move):
                raise TypeError(f"position {i}: expected Move objects, got {type(m).__name__}")
            values = (i, rank, m.type, m.notation, m.word, m.row, m.col, m.dir,
                      len(m.tiles), m.exchange, m.score, m.equity, m.leave, None)
            for c, v in zip(COLUMNS, values):
                cols[c].append(v)
    return cols


def _need(module: str, extra: str):
    try:
        return __import__(module)
    except ImportError as e:
        raise ImportError(
            f"lexgraph.to_{'frame' if module == 'pandas' else 'arrow'} needs {module}: "
            f"pip install lexgraph[{extra}] (or pip install {module})"
        ) from e


def to_frame(results: Iterable[Union[List[Move], BaseException]]):
    """A pandas DataFrame of ``moves_batch``'s results (or of one ``moves``
    list): a row per move, the columns ``COLUMNS``; a position's error
    (``errors="return"``) is a row with ``error`` set. Needs pandas
    (``pip install lexgraph[pandas]``)."""
    pd = _need("pandas", "pandas")
    cols = _columns(results)
    frame = pd.DataFrame(cols, columns=list(COLUMNS))
    # Integer columns with gaps (exchanges, errors) as pandas' nullable ints.
    for c in ("rank", "row", "col", "tiles_placed", "score"):
        frame[c] = frame[c].astype("Int64")
    return frame


def to_arrow(results: Iterable[Union[List[Move], BaseException]]):
    """``to_frame`` as a pyarrow Table (the same columns). Needs pyarrow
    (``pip install lexgraph[arrow]``)."""
    pa = _need("pyarrow", "arrow")
    cols = _columns(results)
    types = {"position": pa.int64(), "rank": pa.int64(), "row": pa.int64(), "col": pa.int64(),
             "tiles_placed": pa.int64(), "score": pa.int64(), "equity": pa.float64()}
    schema = pa.schema([(c, types.get(c, pa.string())) for c in COLUMNS])
    return pa.table(cols, schema=schema)
