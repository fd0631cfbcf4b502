import pickle

import pytest

import lexgraph
from conftest import ROOT


def test_open_and_query(dawg, gaddag):
    assert dawg.kind == "dawg" and gaddag.kind == "gaddag"
    assert dawg.word_count == gaddag.word_count == len(dawg) == 172820
    assert dawg.alphabet == "english"
    for lex in (dawg, gaddag):
        assert lex.contains("quire") and lex.contains("QUIRE")
        assert "zax" in lex and "xyzzy" not in lex and 42 not in lex
        assert lex.anagram("AEINRST") == [
            "ANESTRI", "ANTSIER", "NASTIER", "RATINES", "RETAINS",
            "RETINAS", "RETSINA", "STAINER", "STEARIN",
        ]
        assert lex.pattern("QU?RE") == ["QUARE", "QUIRE"]
        assert "AX" in lex.anagram("XA?", partial=True)
    with_blank = gaddag.anagram("ZA?")
    assert "ZAx" in with_blank and "ZAp" in with_blank
    assert all(len(w) == 3 and sum(c.islower() for c in w) == 1 for w in with_blank)


def test_iteration_streams_every_word_in_order(dawg, gaddag):
    words = list(dawg)
    assert len(words) == dawg.word_count
    assert words == sorted(words)
    assert words[:2] == ["AA", "AAH"]
    assert list(gaddag.words("QUIR")) == ["QUIRE", "QUIRED", "QUIRES", "QUIRING", "QUIRK",
                                          "QUIRKED", "QUIRKIER", "QUIRKIEST", "QUIRKILY",
                                          "QUIRKINESS", "QUIRKINESSES", "QUIRKING", "QUIRKISH", "QUIRKS",
                                          "QUIRKY", "QUIRT", "QUIRTED", "QUIRTING", "QUIRTS"]
    assert list(dawg.words("XYZ")) == []
    it = dawg.words()
    del dawg  # the iterator keeps the lexicon alive
    assert next(it) == "AA"


def test_errors_carry_the_library_message(tmp_path, gaddag):
    with pytest.raises(FileNotFoundError, match="nope.gaddag"):
        lexgraph.Lexicon.open(tmp_path / "nope.gaddag")
    with pytest.raises(lexgraph.LexgraphError, match="not a lexgraph file"):
        lexgraph.Lexicon.open(ROOT / "lexicons" / "enable1.txt")
    assert issubclass(lexgraph.LexgraphError, ValueError)
    with pytest.raises(lexgraph.LexgraphError):
        gaddag.anagram("A1B")
    with pytest.raises(lexgraph.LexgraphError):
        gaddag.words("9")


def test_compile_from_words_or_a_file(tmp_path):
    dawg, gaddag = lexgraph.compile(["care", "car", "cars", "scar", "arc"], tmp_path / "small")
    lex = lexgraph.Lexicon(gaddag)
    assert list(lex) == ["ARC", "CAR", "CARE", "CARS", "SCAR"]
    assert lexgraph.Lexicon(dawg).anagram("RAC") == ["ARC", "CAR"]
    words = tmp_path / "w.txt"
    words.write_text("# a comment\nqi\nza\n")
    _, g = lexgraph.compile(str(words), str(tmp_path / "file"))
    assert list(lexgraph.Lexicon(g)) == ["QI", "ZA"]
    with pytest.raises(lexgraph.LexgraphError, match="z9"):
        lexgraph.compile(["qi", "z9"], tmp_path / "bad")
    with pytest.raises(lexgraph.LexgraphError, match="no word"):
        lexgraph.compile([], tmp_path / "empty")
    with pytest.raises(FileNotFoundError):
        lexgraph.compile(tmp_path / "missing.txt", tmp_path / "x")


def test_a_lexicon_pickles_as_its_path(gaddag):
    again = pickle.loads(pickle.dumps(gaddag))
    assert again.path == gaddag.path and again.kind == "gaddag"
    assert repr(again).startswith("<lexgraph.Lexicon ")


def test_the_package_is_typed_and_documented():
    import importlib.resources

    assert lexgraph.__version__ == "0.1.0"
    files = importlib.resources.files("lexgraph")
    assert (files / "py.typed").is_file() and (files / "_lexgraph.pyi").is_file()
    for name in lexgraph.__all__:
        obj = getattr(lexgraph, name)
        if callable(obj):
            assert obj.__doc__, name
    for meth in ("open", "contains", "anagram", "pattern", "words", "moves", "moves_batch"):
        assert getattr(lexgraph.Lexicon, meth).__doc__, meth
