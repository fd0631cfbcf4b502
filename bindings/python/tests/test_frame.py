"""Batches as tables: `to_frame` (pandas) and `to_arrow` (pyarrow).

pandas is the `pandas` extra; CI installs it (LEXGRAPH_REQUIRE_BINDINGS=1
makes its absence a failure). pyarrow is optional: its test is skipped
without it. Without either, the ImportError names the extra."""

import importlib.util
import os

import pytest

import lexgraph
from lexgraph.frame import COLUMNS
from test_moves import EMPTY, QUIRE

HAVE_PANDAS = importlib.util.find_spec("pandas") is not None
HAVE_ARROW = importlib.util.find_spec("pyarrow") is not None


def batch(gaddag):
    return gaddag.moves_batch([QUIRE, "hello", f"{EMPTY} Q/ 0/0 0"], top=3,
                              leaves="gordon2", errors="return")


def test_frame_rows_are_the_moves(gaddag):
    if not HAVE_PANDAS:
        if os.environ.get("LEXGRAPH_REQUIRE_BINDINGS"):
            pytest.fail("pandas is not installed (pip install lexgraph[pandas])")
        pytest.skip("pandas is not installed")
    results = batch(gaddag)
    f = lexgraph.to_frame(results)
    assert list(f.columns) == list(COLUMNS)
    moves = [m for ms in results if isinstance(ms, list) for m in ms]
    assert len(f) == len(moves) + 1  # one row for the bad position
    assert f["position"].tolist() == [0, 0, 0, 1, 2, 2]
    first = f.iloc[0]
    best = results[0][0]
    assert (first["notation"], first["score"], first["equity"], first["leave"]) == \
        (best.notation, best.score, best.equity, best.leave)
    assert first["rank"] == 0 and first["tiles_placed"] == len(best.tiles) and first["type"] == "place"
    bad = f[f["position"] == 1].iloc[0]
    assert bad["error"] == str(results[1]) and bad["error"].startswith("not a CGP line")
    # With only a Q: exchanges and the pass, no square.
    assert set(f[f["position"] == 2]["type"]) <= {"exchange", "pass"}
    assert f[f["position"] == 2]["row"].isna().all()
    # One position's moves make a table too.
    one = lexgraph.to_frame(gaddag.moves(QUIRE, top=4, by="score"))
    assert one["notation"].tolist()[0] == "D2 ARsINES" and one["position"].tolist() == [0] * 4
    assert one["equity"].isna().all()
    assert len(lexgraph.to_frame([])) == 0
    with pytest.raises(TypeError, match="position 0"):
        lexgraph.to_frame([["8D QUIRE"]])


@pytest.mark.skipif(not HAVE_ARROW, reason="pyarrow is not installed")
def test_arrow_table_has_the_same_rows(gaddag):
    results = batch(gaddag)
    t = lexgraph.to_arrow(results)
    assert t.column_names == list(COLUMNS)
    assert t.column("notation").to_pylist()[0] == results[0][0].notation
    assert t.column("position").to_pylist() == [0, 0, 0, 1, 2, 2]


@pytest.mark.parametrize("module,fn,extra", [("pandas", "to_frame", "pandas"),
                                             ("pyarrow", "to_arrow", "arrow")])
def test_missing_library_names_the_extra(gaddag, monkeypatch, module, fn, extra):
    import builtins
    real = builtins.__import__

    def no_module(name, *args, **kwargs):
        if name == module:
            raise ImportError(f"No module named {module!r}")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_module)
    with pytest.raises(ImportError, match=rf"pip install lexgraph\[{extra}\]"):
        getattr(lexgraph, fn)(gaddag.moves(QUIRE, top=1))
