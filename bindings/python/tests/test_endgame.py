"""Lexicon.endgame: the solver of `lexgraph endgame`, from Python."""

import pytest

import lexgraph

# A self-play ending on ENABLE: the mover holds TTU, the opponent (left out
# of the CGP: every tile unseen) QR.
END = (
    "7F2BURKE/7U4A2/7N4G2/7D3AGLY/7I4I2/1J3RECOVERED1/1A9ES2/AVA1Z1UNROOF3/"
    "BEANIES4L3/1l2N6O3/HIT1C5WO3/ANA4DOLED3/PAX3GORIEsT2/4MY1I2N1IMP/"
    "THEWIEST2SOLEI TTU/ 403/465 0"
)


def test_endgame_is_exact_the_same_on_any_thread_count_and_adds_up(gaddag):
    one = gaddag.endgame(END, threads=1)
    two = gaddag.endgame(END, threads=2)
    assert one["exact"] and two["exact"]
    assert one["value"] == two["value"] and one["line"] == two["line"]
    assert one["racks"] == ("TTU", "QR")
    assert one["final_spread"] == 403 - 465 + one["value"]
    total = sum((s["score"] + s["end"]) * (1 if s["player"] == 0 else -1) for s in one["line"])
    assert total == one["value"]
    assert one["line"][-1]["ending"] in ("out", "scoreless")
    every = gaddag.endgame(END, all_first_plays=True)
    assert every["value"] == one["value"]
    assert not any(f["upper_bound"] for f in every["first_plays"])
    assert every["first_plays"][0]["value"] == one["value"]


def test_endgame_labels_estimates_and_refuses_bad_input(gaddag):
    est = gaddag.endgame(END, depth=1)
    assert not est["exact"] and est["depth"] == 1
    for bad in [dict(depth=0), dict(time=0)]:
        with pytest.raises(ValueError):
            gaddag.endgame(END, **bad)
    with pytest.raises(lexgraph.LexgraphError, match="in the bag"):
        gaddag.endgame("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0")
