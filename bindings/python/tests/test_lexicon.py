import pickle
import shutil
import signal
import subprocess
import sys

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
    for meth in ("open", "read", "contains", "anagram", "pattern", "words", "moves", "moves_batch"):
        assert getattr(lexgraph.Lexicon, meth).__doc__, meth


def test_read_gives_what_open_gives(enable):
    from test_moves import reference

    cgps = [cgp for cgp, _ in reference()]
    for path in enable:
        mapped, read = lexgraph.Lexicon.open(path), lexgraph.Lexicon.read(path)
        assert (mapped.in_memory, read.in_memory) == (False, True)
        assert (read.path, read.kind, read.word_count) == (mapped.path, mapped.kind, mapped.word_count)
        assert read.anagram("AEINRST") == mapped.anagram("AEINRST")
        assert list(read.words("QUIR")) == list(mapped.words("QUIR"))
        assert read.moves_batch(cgps, leaves="gordon2") == mapped.moves_batch(cgps, leaves="gordon2")
        # A read lexicon pickles as one: it is read again, not mapped.
        again = pickle.loads(pickle.dumps(read))
        assert again.in_memory and again.path == read.path
    with pytest.raises(FileNotFoundError, match="nope.gaddag"):
        lexgraph.Lexicon.read(ROOT / "nope.gaddag")
    with pytest.raises(lexgraph.LexgraphError, match="not a lexgraph file"):
        lexgraph.Lexicon.read(ROOT / "lexicons" / "enable1.txt")
    with pytest.raises(OSError, match="is a directory"):
        lexgraph.Lexicon.read(ROOT / "lexicons")


TRUNCATE = """
import os, sys, lexgraph
lex = getattr(lexgraph.Lexicon, sys.argv[1])(sys.argv[2])
cgp = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRS?/ 0/0 0"
before = [m.to_dict() for m in lex.moves(cgp)]
os.truncate(sys.argv[2], 0)  # rewritten in place, as `cp` or an editor would
assert [m.to_dict() for m in lex.moves(cgp)] == before and "QUIRE" in lex
print("still here")
"""


@pytest.mark.skipif(not hasattr(signal, "SIGBUS"), reason="SIGBUS is POSIX")
def test_a_file_truncated_in_use_kills_a_mapping_process_not_a_reading_one(tmp_path, enable):
    """The hazard the docs describe, and `Lexicon.read` avoiding it."""
    for how in ("read", "open"):
        copy = tmp_path / f"{how}.gaddag"
        shutil.copyfile(enable[1], copy)
        run = subprocess.run([sys.executable, "-c", TRUNCATE, how, str(copy)],
                             capture_output=True, text=True, timeout=120)
        if how == "read":
            assert run.returncode == 0 and run.stdout == "still here\n", run.stderr
        else:
            assert run.returncode == -signal.SIGBUS and "still here" not in run.stdout


def test_read_reads_a_kwg_as_open_maps_it(tmp_path, gaddag):
    from test_moves import QUIRE, cli

    if cli() is None:
        pytest.skip("the lexgraph command is not built (target/release/lexgraph)")
    kwg = tmp_path / "enable.kwg"
    subprocess.run([str(cli()), "export", gaddag.path, "-o", str(kwg)], check=True,
                   capture_output=True)
    mapped, read = lexgraph.Lexicon.open(kwg), lexgraph.Lexicon.read(kwg)
    assert read.in_memory and read.kind == mapped.kind == "gaddag"
    assert read.word_count == mapped.word_count == gaddag.word_count
    assert [m.to_dict() for m in read.moves(QUIRE)] == [m.to_dict() for m in mapped.moves(QUIRE)]
    bad = tmp_path / "bad.kwg"
    bad.write_bytes(kwg.read_bytes()[:4096])
    with pytest.raises(lexgraph.LexgraphError, match="bad.kwg"):
        lexgraph.Lexicon.read(bad)
