"""One position through the CLI (`--format json`), the C example
(bindings/c/examples/records.c, on the C library) and the Python package
gives the same play records: the library's `PlayRecord`, mapped by each.

The C side needs `cc` and the C library built (`cargo test --release -p
lexgraph-c` or `cargo build --release -p lexgraph-c`); the CLI side needs
`target/release/lexgraph`. Without them the test is skipped, unless
LEXGRAPH_REQUIRE_BINDINGS=1 (CI) makes them a requirement.
"""

import json
import os
import shutil
import struct
import subprocess

import pytest

from conftest import ROOT
from test_moves import cli, reference


def c_library_dir():
    for d in (ROOT / "target" / "release", ROOT / "target" / "release" / "deps"):
        if (d / "liblexgraph_c.so").exists():
            return d
    return None


def missing():
    why = []
    if cli() is None:
        why.append("target/release/lexgraph is not built")
    if c_library_dir() is None:
        why.append("liblexgraph_c.so is not built")
    if shutil.which(os.environ.get("CC", "cc")) is None:
        why.append("no C compiler")
    return why


@pytest.fixture(scope="module")
def records_exe(tmp_path_factory):
    why = missing()
    if why:
        if os.environ.get("LEXGRAPH_REQUIRE_BINDINGS"):
            pytest.fail("; ".join(why))
        pytest.skip("; ".join(why))
    lib = c_library_dir()
    exe = tmp_path_factory.mktemp("c") / "records"
    subprocess.run(
        [os.environ.get("CC", "cc"), "-std=c11", "-Wall", "-Wextra", "-Werror",
         "-I", str(ROOT / "bindings" / "c" / "include"),
         str(ROOT / "bindings" / "c" / "examples" / "records.c"),
         "-L", str(lib), "-llexgraph_c",
         f"-Wl,--disable-new-dtags,-rpath,{lib}", "-o", str(exe)],
        check=True,
    )
    return exe


def as_f32(record):
    """Equity compared as the f32 the library computed (each side prints
    it in its own shortest form)."""
    if "equity" in record:
        record = dict(record, equity=struct.unpack("f", struct.pack("f", record["equity"]))[0])
    return record


@pytest.mark.parametrize("top,leaves", [(0, None), (0, "score"), (10, "gordon2")])
def test_cli_c_and_python_give_the_same_records(gaddag, records_exe, top, leaves):
    """By default (equity with the lexicon's own leaves, which `compile`
    copied beside it), by score, and by equity with named leaves."""
    cgps = [cgp for cgp, _ in reference()[:12]]
    # The CLI lists 15 plays unless told: every play is a large --top.
    extra = ["--top", str(top or 1_000_000)]
    kw = {"top": top} if top else {}
    if leaves == "score":
        extra += ["--by", "score"]
        kw["by"] = "score"
    elif leaves:
        extra += ["--leaves", leaves]
        kw["leaves"] = leaves
    out = subprocess.run(
        [str(cli()), "moves", "-l", gaddag.path, "--cgp-file", "-", "--format", "json", *extra],
        input="\n".join(cgps), capture_output=True, text=True, check=True,
    ).stdout
    # A batch's `"type": "position"` records close each position's plays.
    from_cli = [as_f32(r) for r in map(json.loads, out.splitlines()) if r["type"] != "position"]
    out = subprocess.run(
        [str(records_exe), gaddag.path, str(top)] + ([leaves] if leaves else []),
        input="\n".join(cgps) + "\n", capture_output=True, text=True, check=True,
    ).stdout
    from_c = [as_f32(json.loads(l)) for l in out.splitlines()]
    from_python = [as_f32({"position": i, **m.to_dict()})
                   for i, c in enumerate(cgps) for m in gaddag.moves(c, **kw)]
    assert len(from_cli) > 100
    assert any(r.get("cross_words") for r in from_cli)
    if leaves == "score":
        assert "equity" not in from_cli[0]
    else:
        assert {r["type"] for r in from_cli} >= {"place"} and "equity" in from_cli[0]
    assert from_c == from_cli
    assert from_python == from_cli
