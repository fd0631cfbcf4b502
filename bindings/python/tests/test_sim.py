"""Lexicon.sim: the simulation of `lexgraph sim`, from Python."""

import pytest

import lexgraph

QUIRE = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRST/ 0/0 0"


def test_sim_ranks_candidates_and_repeats_on_any_thread_count(gaddag):
    one = gaddag.sim(QUIRE, candidates=4, iterations=48, stop=None, seed=3, threads=1)
    assert one == gaddag.sim(QUIRE, candidates=4, iterations=48, stop=None, seed=3, threads=2)
    assert one["stopped"] == "budget" and one["iterations"] == 48
    c = one["candidates"]
    assert len(c) == 4 and all(x["iterations"] == 48 and x["dropped"] is None for x in c)
    assert [x["mean"] for x in c] == sorted((x["mean"] for x in c), reverse=True)
    assert all(x["low"] <= x["mean"] <= x["high"] and 0 <= x["win"] <= 1 for x in c)
    # The candidates are the best plays by static equity (the lexicon's own
    # leaves, as `moves` ranks them by default).
    static = {m.notation for m in gaddag.moves(QUIRE, top=4)}
    assert {x["play"] for x in c} == static


def test_sim_stops_on_confidence_and_refuses_bad_settings(gaddag):
    r = gaddag.sim(QUIRE, candidates=15, iterations=1000, stop=0.9, seed=1)
    assert r["stopped"] in ("confidence", "budget")
    assert any(x["dropped"] is not None for x in r["candidates"])
    for bad in [dict(plies=0), dict(plies=21), dict(iterations=0), dict(stop=1.5), dict(time=0)]:
        with pytest.raises(ValueError):
            gaddag.sim(QUIRE, **bad)
    with pytest.raises(lexgraph.LexgraphError):
        gaddag.sim("15/15 A/ 0/0 0")
