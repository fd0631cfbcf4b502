import json
import pathlib
import subprocess
import sys

import pytest

from conftest import POSITIONS

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


def run(*args):
    return subprocess.run([sys.executable, *map(str, args)], capture_output=True, text=True,
                          check=True, timeout=300)


def test_analyse_positions_in_parallel(enable):
    out = run(EXAMPLES / "analyse_positions.py", enable[1], POSITIONS / "enable_s1_200.cgp",
              "--top", "2", "--leaves", "gordon2", "--workers", "4", "--json")
    plays = [json.loads(l) for l in out.stdout.splitlines()]
    assert len(plays) == 400
    assert [p["position"] for p in plays[:4]] == [0, 0, 1, 1]
    assert all("equity" in p for p in plays)


def test_play_match(enable):
    out = run(EXAMPLES / "play_match.py", enable[1], "--games", "6", "--p1", "gordon1")
    assert "gordon1 vs greedy: 6 games" in out.stdout


def test_dask_match(enable):
    pytest.importorskip("distributed")
    out = run(EXAMPLES / "dask_match.py", enable[1], "--games", "8", "--check")
    assert "identical" in out.stdout
