"""Fixtures: ENABLE (shipped in the repository) compiled once per session."""

import pathlib

import pytest

import lexgraph

ROOT = pathlib.Path(__file__).resolve().parents[3]
POSITIONS = ROOT / "tests" / "data" / "positions"


@pytest.fixture(scope="session")
def enable(tmp_path_factory):
    """(dawg_path, gaddag_path) of lexicons/enable1.txt."""
    out = tmp_path_factory.mktemp("lexicons") / "enable"
    return lexgraph.compile(ROOT / "lexicons" / "enable1.txt", out)


@pytest.fixture(scope="session")
def gaddag(enable):
    return lexgraph.Lexicon.open(enable[1])


@pytest.fixture(scope="session")
def dawg(enable):
    return lexgraph.Lexicon.open(enable[0])
