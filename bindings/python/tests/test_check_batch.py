"""Checking one play (`check_play`), moves by value, `moves_batch` errors
per position in the CLI's words, and leave specs as the CLI takes them."""

import os
import pickle
import subprocess

import pytest

import lexgraph
from conftest import ROOT
from test_moves import EMPTY, QUIRE, cli


def test_a_legal_play_scores_as_the_moves_list_and_lists_its_words(gaddag):
    best = gaddag.moves(QUIRE, by="score")[0]
    c = gaddag.check_play(QUIRE, "D2 ARsINES")
    assert (c.play, c.legal, c.score, c.why) == ("D2 ARsINES", True, 80, None)
    # The main word, then the word it makes across (S + QUIRE).
    assert c.words == ["ARsINES", "SQUIRE"]
    assert c.move == best and hash(c.move) == hash(best)
    assert c.to_dict() == {"play": "D2 ARsINES", "legal": True, "score": 80,
                           "words": ["ARsINES", "SQUIRE"], "why": None}
    assert repr(c) == "<CheckedPlay D2 ARsINES legal 80 ARsINES,SQUIRE>"
    assert pickle.loads(pickle.dumps(c)) == c
    # Board rows and a rack, white space collapsed; a play along one word.
    rows = ["." * 15] * 7 + ["....QUIRE......"] + ["." * 15] * 7
    c = gaddag.check_play(rows, " 8D   SQUIRE ", "S")
    assert (c.play, c.legal, c.words) == ("8D SQUIRE", True, ["SQUIRE"])
    assert c.score == gaddag.moves(rows, "S", by="score")[0].score


def test_capitals_stand_for_a_blank_when_the_rack_needs_one(gaddag):
    c = gaddag.check_play(QUIRE, "D2 ARSINES")  # two S: one must be the blank
    versions = [m for m in gaddag.moves(QUIRE, by="score")
                if m.notation is not None and m.notation.upper() == "D2 ARSINES"]
    assert c.legal and c.score == max(m.score for m in versions)
    assert c.move in versions and c.move.notation != "D2 ARSINES"


def test_an_illegal_play_says_why_and_what_it_would_form(gaddag):
    c = gaddag.check_play(QUIRE, "8D AQUIRE")
    assert (c.legal, c.score, c.move) == (False, None, None)
    assert c.words == ["AQUIRE"]
    assert c.why == "AQUIRE is not in the lexicon"
    # A one-tile play: its only word runs across.
    c = gaddag.check_play(QUIRE, "J8 X")
    assert c.why == "no X on the rack AEINRS? (lower case is a blank); QUIREX is not in the lexicon"
    assert c.words == ["QUIREX"]
    assert gaddag.check_play(QUIRE, "8O AS").why == "the word runs off the 15x15 board (2 squares from 8O)"
    opening = gaddag.check_play(f"{EMPTY} AX/ 0/0 0", "1A AX")
    assert opening.why == "the first play must cover the start square 8H"
    assert opening.words == ["AX"]
    # Down openings are legal too.
    assert gaddag.check_play(f"{EMPTY} AX/ 0/0 0", "H7 AX").score == 18
    assert "illegal: the first play" in repr(opening)


@pytest.mark.parametrize("bad", ["8D", "QUIRE", "8D QUI RE", "Z0 QI", "8D QU1RE"])
def test_a_play_that_does_not_parse_raises(gaddag, bad):
    with pytest.raises(lexgraph.LexgraphError, match="play"):
        gaddag.check_play(QUIRE, bad)


def test_check_play_bad_position_raises(gaddag):
    with pytest.raises(lexgraph.LexgraphError, match="not a CGP line"):
        gaddag.check_play("hello", "8D QUIRE")
    with pytest.raises(TypeError):
        gaddag.check_play(QUIRE, 42)


def test_moves_compare_and_hash_by_value(gaddag):
    first, second = gaddag.moves(QUIRE, top=10), gaddag.moves(QUIRE, top=10)
    assert first == second and all(a is not b for a, b in zip(first, second))
    assert {*first, *second} == set(first) and len(set(first)) == 10
    assert [hash(a) for a in first] == [hash(b) for b in second]
    # Ranked by equity or not, the same play is a different Move, as its
    # fields differ; equal ones always hash alike.
    by_score = {m.notation: m for m in gaddag.moves(QUIRE, by="score")}
    ranked = first[0]
    unranked = by_score[ranked.notation]
    assert ranked != unranked and ranked.equity is not None and unranked.equity is None
    assert gaddag.check_play(QUIRE, ranked.notation).move == unranked
    assert (ranked == 1) is False and ranked != None  # noqa: E711


BAD = [
    "hello",
    "15/15 A/ 0/0 0",
    f"{EMPTY} QQQ/ 0/0 0",
    f"{EMPTY} A/ 0/0 0 bb -1;",
    ">joe: ABC 8D QI +22",
    f"{EMPTY} ABCDEFGHI/ 0/0 0",
    f"{EMPTY} A1/ 0/0 0",
    EMPTY,
    "/".join(["15"] * 16) + " A/ 0/0 0",
    f"{EMPTY} A/ 0/0 0 bdn super;",
]


def test_batch_errors_per_position_with_the_moves_of_the_others(gaddag):
    good = f"{EMPTY} AX/ 0/0 0"
    batch = [good, *BAD, QUIRE]
    got = gaddag.moves_batch(batch, top=2, by="score", errors="return", threads=2)
    assert len(got) == len(batch)
    assert got[0] == gaddag.moves(good, top=2, by="score")
    assert got[-1] == gaddag.moves(QUIRE, top=2, by="score")
    errs = got[1:-1]
    assert all(isinstance(e, lexgraph.LexgraphError) for e in errs)
    assert [e.position for e in errs] == list(range(1, len(batch) - 1))
    assert str(errs[0]) == ('not a CGP line: "hello"; expected BOARD RACK/RACK SCORE/SCORE ZERO_TURNS '
                            '[OPCODES;], e.g. `15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0 lex ENABLE;`')
    assert str(errs[1]) == ("the board has 2 rows: no built-in layout has 2 "
                            "(standard is 15x15, super 21x21; give a layout file)")
    assert str(errs[2]) == "3 Q tiles on the board and racks, but the bag has only 1"
    assert str(errs[4]) == "a GCG game record line, not CGP (GCG is a game's moves, CGP one position)"
    assert str(errs[9]) == "the board has 15 rows; the layout super is 21x21"
    # The default raises, naming the first bad position.
    with pytest.raises(lexgraph.LexgraphError, match=r'^position 1: not a CGP line: "hello"'):
        gaddag.moves_batch(batch, top=2, by="score")
    with pytest.raises(ValueError, match='"raise" or "return"'):
        gaddag.moves_batch(batch, errors="ignore")
    # A bad leave spec or ranking is the call's error, not each position's.
    with pytest.raises(lexgraph.LexgraphError, match="nonsense"):
        gaddag.moves_batch(batch, leaves="nonsense", errors="return")
    with pytest.raises(lexgraph.LexgraphError, match="by score"):
        gaddag.moves_batch(batch, by="score", leaves="gordon2", errors="return")


def test_batch_error_messages_are_the_clis(gaddag, tmp_path):
    """What `lexgraph moves --cgp-file` prints after `error: FILE:LINE: `."""
    exe = cli()
    if exe is None:
        if os.environ.get("LEXGRAPH_REQUIRE_BINDINGS"):
            pytest.fail("target/release/lexgraph is not built")
        pytest.skip("the lexgraph command is not built (target/release/lexgraph)")
    path = tmp_path / "bad.cgp"
    lines = [QUIRE, *BAD]
    path.write_text("\n".join(lines) + "\n")
    out = subprocess.run([str(exe), "moves", "-l", gaddag.path, "--cgp-file", str(path),
                          "--by", "score", "--top", "1"], capture_output=True, text=True)
    assert out.returncode == 3, out.stderr
    prefix = f"error: {path}:"
    from_cli = {}
    for line in out.stderr.splitlines():
        if line.startswith(prefix):
            number, message = line[len(prefix):].split(": ", 1)
            from_cli[int(number) - 1] = message
    ours = gaddag.moves_batch(lines, top=1, by="score", errors="return")
    assert {i: str(r) for i, r in enumerate(ours) if isinstance(r, Exception)} == from_cli
    assert sorted(from_cli) == list(range(1, len(lines)))


def test_leave_specs_as_the_cli_takes_them(gaddag, tmp_path):
    opening = f"{EMPTY} AEIQRSU/ 0/0 0"  # plays that keep tiles
    own = ROOT / "lexicons" / "enable1.klv2"
    by_spec = {spec: [m.to_dict() for m in gaddag.moves(opening, top=5, leaves=spec)]
               for spec in ["auto", "gordon1", "gordon2", f"klv:{own}", str(own)]}
    assert by_spec[f"klv:{own}"] == by_spec[str(own)] == by_spec["auto"]
    assert [m["equity"] for m in by_spec["gordon1"]] != [m["equity"] for m in by_spec["gordon2"]]
    csv = tmp_path / "leaves.csv"
    csv.write_text("S,8.0\n?,25.0\n")
    assert gaddag.moves(opening, top=1, leaves=f"csv:{csv}")[0].to_dict() == \
        gaddag.moves(opening, top=1, leaves=str(csv))[0].to_dict()
    with pytest.raises(lexgraph.LexgraphError) as e:
        gaddag.moves(QUIRE, leaves="nonsense")
    for choice in ["gordon1", "gordon2", "klv:FILE", "csv:FILE", ".klv2", ".csv"]:
        assert choice in str(e.value)
