import concurrent.futures
import copy
import json
import os
import pathlib
import pickle
import subprocess

import pytest

import lexgraph
from conftest import POSITIONS, ROOT

EMPTY = "/".join(["15"] * 15)
QUIRE = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRS?/ 0/0 0"


def reference():
    """(cgp line, sorted move lines) of the 200 ENABLE reference positions."""
    cgps = (POSITIONS / "enable_s1_200.cgp").read_text().splitlines()
    lists, cur = [], None
    for line in (POSITIONS / "enable_s1_200.moves").read_text().splitlines():
        if line.startswith("#pos"):
            cur = []
            lists.append(cur)
        else:
            cur.append(line)
    return list(zip(cgps, lists))


def line(m):
    return f"{m.dir} {m.row} {m.col} {m.word} {m.score}"


def test_every_move_of_the_reference_positions(gaddag, dawg):
    """Both structures list exactly the independent engine's moves (a one-tile
    play listed once, as across when it forms an across word)."""
    for cgp, expected in reference():
        for lex in (gaddag, dawg):
            got = set()
            for m in lex.moves(cgp, by="score"):
                assert m.type == "place" and m.lexicon == lex.path
                if len(m.tiles) == 1 and m.dir == "down" and any(
                    c.dir == "across" for c in m.cross_words
                ):
                    continue
                got.add(line(m))
            assert sorted(got) == sorted(expected), cgp


def test_top_n_is_the_head_of_the_sorted_list(gaddag):
    every = gaddag.moves(QUIRE, by="score")
    top = gaddag.moves(QUIRE, top=10, by="score")
    assert [m.to_dict() for m in top] == [m.to_dict() for m in every[:10]]
    assert [m.score for m in every] == sorted((m.score for m in every), reverse=True)
    best = top[0]
    assert (best.notation, best.score, best.row, best.col, best.dir) == ("D2 ARsINES", 80, 1, 3, "down")
    assert [(t.letter, t.blank) for t in best.tiles][:3] == [("A", False), ("R", False), ("s", True)]
    assert best.equity is None and best.leave is None and best.exchange is None
    assert repr(best) == "<Move D2 ARsINES 80>"


def test_equity_by_default_with_the_lexicons_own_leaves(gaddag, tmp_path):
    """`compile` copied enable1.klv2 beside the files, and the default
    ranking reads it; a lexicon with none beside it ranks by Heuristic 2."""
    own = pathlib.Path(gaddag.path).with_suffix(".klv2")
    assert own.read_bytes() == (ROOT / "lexicons" / "enable1.klv2").read_bytes()
    default = gaddag.moves(QUIRE, top=10)
    assert [m.to_dict() for m in default] == [
        m.to_dict() for m in gaddag.moves(QUIRE, top=10, leaves=f"klv:{own}")]
    assert default[0].equity is not None and default[0].leave is not None
    assert [m.to_dict() for m in default] == [
        m.to_dict() for m in gaddag.moves(QUIRE, top=10, by="equity", leaves="auto")]
    bare = lexgraph.compile(["QUIRE", "QUIRES", "SQUIRE", "QI", "QIS"], tmp_path / "bare")
    lex = lexgraph.Lexicon.open(bare[1])
    cgp = f"{EMPTY} QIS/ 0/0 0"
    assert [m.to_dict() for m in lex.moves(cgp)] == [
        m.to_dict() for m in lex.moves(cgp, leaves="gordon2")]
    assert lex.moves(cgp, top=1)[0].notation == "8G QI"
    assert lex.moves(cgp, top=1, by="score")[0].notation == "8F QIS"


def test_board_rows_and_a_rack(gaddag):
    rows = ["." * 15] * 7 + ["....QUIRE......"] + ["." * 15] * 7
    from_rows = gaddag.moves(rows, "AEINRS?", top=5)
    from_text = gaddag.moves("\n".join(rows), "AEINRS?", top=5)
    from_cgp = gaddag.moves(QUIRE, top=5)
    assert [m.to_dict() for m in from_rows] == [m.to_dict() for m in from_cgp]
    assert [m.to_dict() for m in from_text] == [m.to_dict() for m in from_cgp]
    # The rack argument replaces the CGP's.
    assert gaddag.moves(QUIRE, "S", top=1)[0].notation == "8D SQUIRE"


def test_equity_exchanges_and_pass(gaddag):
    ranked = gaddag.moves(f"{EMPTY} AEIQRSU/ 0/0 0", leaves="gordon2", top=5)
    eq = [m.equity for m in ranked]
    assert eq == sorted(eq, reverse=True) and all(m.leave is not None for m in ranked)
    d = ranked[0].to_dict()
    assert list(d) == ["lexicon", "type", "row", "col", "dir", "notation", "word", "tiles",
                       "cross_words", "score", "equity", "leave"]
    # Everything, exchanges and the pass ranked in.
    everything = gaddag.moves(f"{EMPTY} QQ/ 0/0 0".replace("QQ", "Q"), leaves="gordon1")
    kinds = {m.type for m in everything}
    assert kinds == {"exchange", "pass"}
    ex = [m for m in everything if m.type == "exchange"][0]
    assert ex.exchange == "Q" and ex.score == 0 and ex.to_dict()["exchange"] == "Q"
    by_score = gaddag.moves(f"{EMPTY} AEIQRSU/ 0/0 0", by="score", exchanges=True)
    assert by_score[-1].type == "pass" and by_score[-1].to_dict() == {
        "lexicon": gaddag.path, "type": "pass", "tiles": [], "score": 0}


def test_bad_positions_raise_with_the_library_message(gaddag):
    with pytest.raises(lexgraph.LexgraphError, match="bag has only 1"):
        gaddag.moves(f"{EMPTY} QQ/ 0/0 0")
    with pytest.raises(lexgraph.LexgraphError, match="layout"):
        gaddag.moves("2/2 A/ 0/0 0")
    with pytest.raises(lexgraph.LexgraphError, match="rack"):
        gaddag.moves(["." * 15] * 15)
    with pytest.raises(lexgraph.LexgraphError, match="gordon9"):  # not a name, not a file
        gaddag.moves(QUIRE, leaves="gordon9")
    with pytest.raises(FileNotFoundError, match="nowhere.csv"):
        gaddag.moves(QUIRE, leaves="nowhere.csv")
    with pytest.raises(TypeError):
        gaddag.moves(42)
    with pytest.raises(ValueError, match="equity or score"):
        gaddag.moves(QUIRE, by="points")
    with pytest.raises(lexgraph.LexgraphError, match="by score"):
        gaddag.moves(QUIRE, by="score", leaves="gordon2")
    with pytest.raises(lexgraph.LexgraphError, match="position 1"):
        gaddag.moves_batch([QUIRE, "nonsense"])


def test_batch_and_threads_agree_with_single_calls(gaddag):
    cgps = [cgp for cgp, _ in reference()]
    one = [[m.to_dict() for m in gaddag.moves(c, top=3, leaves="gordon2")] for c in cgps]
    batch = gaddag.moves_batch(cgps, top=3, leaves="gordon2", threads=2)
    assert [[m.to_dict() for m in ms] for ms in batch] == one
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        threaded = list(pool.map(lambda c: [m.to_dict() for m in gaddag.moves(c, top=3, leaves="gordon2")], cgps))
    assert threaded == one


def cli():
    exe = pathlib.Path(os.environ.get("LEXGRAPH_BIN", ROOT / "target" / "release" / "lexgraph"))
    return exe if exe.exists() else None


@pytest.mark.skipif(cli() is None, reason="the lexgraph command is not built (target/release/lexgraph)")
@pytest.mark.parametrize("extra", [["--top", "20"], ["--top", "8", "--leaves", "gordon2"],
                                   ["--exchanges", "--by", "score", "--top", "100000"], ["--top", "20", "--by", "score"]])
def test_to_dict_is_the_json_output(gaddag, extra):
    cgps = [cgp for cgp, _ in reference()[:20]]
    out = subprocess.run(
        [str(cli()), "moves", "-l", gaddag.path, "--cgp-file", "-", "--format", "json", *extra],
        input="\n".join(cgps), capture_output=True, text=True, check=True,
    ).stdout
    # A batch's `"type": "position"` records close each position's plays.
    from_cli = [r for r in map(json.loads, out.splitlines()) if r["type"] != "position"]
    kw = {"top": int(extra[extra.index("--top") + 1])}
    if "--leaves" in extra:
        kw["leaves"] = "gordon2"
    if "--exchanges" in extra:
        kw["exchanges"] = True
    if "--by" in extra:
        kw["by"] = "score"
    ours = []
    for i, c in enumerate(cgps):
        for m in gaddag.moves(c, **kw):
            d = m.to_dict()
            ours.append({"position": i, **d})
    assert ours == from_cli


def test_moves_pickle_to_equal_moves(gaddag):
    cgps = [cgp for cgp, _ in reference()[:30]]
    lists = [gaddag.moves_batch(cgps, top=8, leaves="gordon2"),  # equity and leave
             gaddag.moves_batch(cgps, top=8),
             [gaddag.moves(f"{EMPTY} AEIQRSU/ 0/0 0", by="score", exchanges=True),  # exchanges, pass
              gaddag.moves(f"{EMPTY} Q/ 0/0 0", leaves="gordon1")]]
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        for moves in lists:
            back = pickle.loads(pickle.dumps(moves, protocol))
            assert back == moves
            flat, flat_back = [m for ms in moves for m in ms], [m for ms in back for m in ms]
            assert [m.to_dict() for m in flat_back] == [m.to_dict() for m in flat]
            assert [repr(m) for m in flat_back] == [repr(m) for m in flat]
            assert [hash(m) for m in flat_back] == [hash(m) for m in flat]
            assert [m.tiles for m in flat_back] == [m.tiles for m in flat]
    kinds = {m.type for ms in lists[2] for m in ms}
    assert kinds == {"place", "exchange", "pass"}
    # A position's board and alphabet are written once, not once per move.
    every = gaddag.moves(QUIRE)
    assert len(pickle.dumps(every)) < len(pickle.dumps(every[0])) * len(every) / 5
    assert copy.deepcopy(every[0]) == every[0] and copy.copy(every[0]) == every[0]


def test_moves_compare_by_play_board_and_lexicon(gaddag, dawg):
    a, b = gaddag.moves(QUIRE, top=2), gaddag.moves(QUIRE, top=2)
    assert a == b and a[0] is not b[0] and len({*a, *b}) == 2
    assert a[0] != a[1] and a[0] != "D2 ARsINES"
    # The same play on another board, or from another file, differs.
    elsewhere = gaddag.moves(QUIRE.replace("/15 ", "/14Z "), top=1)[0]
    assert elsewhere.to_dict() == a[0].to_dict() and elsewhere != a[0]
    assert dawg.moves(QUIRE, top=1)[0] != a[0]
    assert dawg.moves(QUIRE, top=1)[0].to_dict() | {"lexicon": gaddag.path} == a[0].to_dict()


def test_tiles_and_cross_words_pickle_and_compare(gaddag):
    m = gaddag.moves(QUIRE, top=40)
    crossing = next(x for x in m if x.cross_words)
    for obj in crossing.tiles + crossing.cross_words:
        assert pickle.loads(pickle.dumps(obj)) == obj and hash(pickle.loads(pickle.dumps(obj))) == hash(obj)
    t = crossing.tiles[0]
    assert lexgraph.Tile(t.row, t.col, t.letter, t.blank) == t
    c = crossing.cross_words[0]
    assert lexgraph.CrossWord(c.row, c.col, c.dir, c.word) == c
    with pytest.raises(ValueError):
        lexgraph.CrossWord(0, 0, "sideways", "QI")


def test_a_bad_pickled_move_raises(gaddag):
    m = gaddag.moves(QUIRE, top=1)[0]
    restore, (context, play, ranked) = m.__reduce__()
    assert restore(context, play, ranked) == m
    kind, dir, row, col, word, placed, score = play
    for bad in [("place", "sideways", row, col, word, placed, score),
                ("place", dir, 14, col, word, placed, score),    # off the board
                ("place", dir, row, col, b"", placed, score),
                ("place", dir, row, col, bytes([99]) * len(word), placed, score),
                ("place", dir, row, col, word, 0, score),
                ("place", dir, row, col, word, 1 << len(word), score),
                ("draw", None, 0, 0, b"", 0, 0)]:
        with pytest.raises(ValueError):
            restore(context, bad, ranked)
    with pytest.raises(ValueError):
        restore(context, ("exchange", None, 0, 0, bytes([77]), 0, 0), None)
    cls, (path, alphabet, size, squares) = context.__reduce__()
    assert cls(path, alphabet, size, squares) is not None
    for bad in [(path, alphabet, 16, squares), (path, alphabet, size, b"\x63" * len(squares)),
                (path, (alphabet[0], [], []), size, squares)]:
        with pytest.raises(ValueError):
            cls(*bad)
