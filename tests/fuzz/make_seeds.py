#!/usr/bin/env python3
"""Writes the committed seeds of the `kwg`, `klv` and `stacked` fuzz targets
(seeds/kwg, seeds/klv, seeds/stacked). Run once from anywhere; the output is
committed, so this only needs running again to change the seeds.

Valid files come from the project's own command line (`LEXGRAPH`: the
`lexgraph` binary to run, default `cargo run --release --quiet --` at the
project root); the hostile shapes of issue #30 are built here node by node:

- KWG: 7 levels of the 26 letters where every path is a word (732 bytes,
  8,353,082,582 words), as a DAWG, as a GADDAWG whose GADDAG is valid (every
  split of every word) and as one whose node 1 names the DAWG's lattice;
- KLV: one sibling list of 2,000 non-accepting nodes (quadratic opening;
  the 100,000-node version is 400 KB, over the 64 KiB inputs), 40 levels of
  two non-accepting siblings (332 bytes, 2^40 paths and no leave), a KLV2
  whose values are NaN and infinities, a KLV1 (i16 values).

Node layout (22-bit KWG): tile bits 31..24 | accepts 23 | end 22 | arc 21..0.
KLV: u32 n | n nodes | u32 m | m f32 (KLV2) or i16 (KLV1) values.
"""
import math
import os
import shlex
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SEEDS = os.path.join(HERE, "seeds")


def node(tile, accepts, end, arc):
    assert 0 <= tile < 256 and 0 <= arc < (1 << 22)
    return tile << 24 | int(accepts) << 23 | int(end) << 22 | arc


def kwg_bytes(nodes):
    return b"".join(struct.pack("<I", n) for n in nodes)


def klv_bytes(nodes, values, wide=True):
    out = struct.pack("<I", len(nodes)) + kwg_bytes(nodes)
    out += struct.pack("<I", len(values))
    fmt = "<f" if wide else "<h"
    return out + b"".join(struct.pack(fmt, v) for v in values)


def write(kind, name, data):
    assert len(data) < 65536, (name, len(data))
    d = os.path.join(SEEDS, kind)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def lattice(nodes, levels, letters=26):
    """Appends `levels` sibling lists of `letters` accepting arcs, each arc
    leading to the next list (the last to none): every string of 1 to
    `levels` letters is a word. Returns the start of each list, L[k] the
    list that allows k more letters (L[levels] the first)."""
    start = {}
    first = len(nodes)
    for lv in range(levels):
        k = levels - lv  # letters still allowed, this one included
        start[k] = first + lv * letters
    for lv in range(levels):
        k = levels - lv
        child = start[k - 1] if k > 1 else 0
        for t in range(1, letters + 1):
            nodes.append(node(t, True, t == letters, child))
    return start


def hostile_kwg():
    # DAWG only: node 0, then L7 .. L1.
    nodes = [0]
    L = lattice(nodes, 7)
    nodes[0] = node(0, False, True, L[7])
    assert len(nodes) == 183
    write("kwg", "bomb-7x26.kwg", kwg_bytes(nodes))

    # GADDAWG, node 1 naming the same lattice (not a valid GADDAG: no
    # separator paths, but it opens).
    nodes = [0, 0]
    L = lattice(nodes, 7)
    nodes[0] = node(0, False, True, L[7])
    nodes[1] = node(0, False, True, L[7])
    write("kwg", "bomb-7x26-shared-root.kwg", kwg_bytes(nodes))

    # A valid GADDAWG of the same words: G[d] is the GADDAG's list after d
    # reversed letters: the separator (d >= 1) to the DAWG's list allowing
    # 7 - d more letters, then the 26 letters (each ends a reversed word).
    nodes = [0, 0]
    L = lattice(nodes, 7)
    G = {}
    at = len(nodes)
    for d in range(7):
        G[d] = at
        at += 26 + (1 if d >= 1 else 0)
    for d in range(7):
        assert len(nodes) == G[d]
        if d >= 1:
            nodes.append(node(0, False, False, L[7 - d]))
        for t in range(1, 27):
            nodes.append(node(t, True, t == 26, G[d + 1] if d + 1 < 7 else 0))
    nodes[0] = node(0, False, True, L[7])
    nodes[1] = node(0, False, True, G[0])
    write("kwg", "bomb-7x26-gaddawg.kwg", kwg_bytes(nodes))

    # 40 levels of two accepting siblings: 2^41 words in 332 bytes.
    nodes = [0]
    for lv in range(40):
        child = len(nodes) + 2 if lv < 39 else 0
        nodes.append(node(1, True, False, child))
        nodes.append(node(2, True, True, child))
    nodes[0] = node(0, False, True, 1)
    write("kwg", "bomb-40x2.kwg", kwg_bytes(nodes))


def hostile_klv():
    # One sibling list of 2,000 non-accepting nodes with no children (the
    # last ends it): opening counted each list from each node, O(n^2).
    n = 2000
    nodes = [node(0, False, True, 1)]
    for i in range(n):
        nodes.append(node(1 + i % 63, False, i == n - 1, 0))
    write("klv", "long-list-2000.klv2", klv_bytes(nodes, []))

    # 40 levels of two non-accepting siblings: 2^40 paths, no leave.
    nodes = [node(0, False, True, 1)]
    for lv in range(40):
        child = len(nodes) + 2 if lv < 39 else 0
        nodes.append(node(1, False, False, child))
        nodes.append(node(2, False, True, child))
    data = klv_bytes(nodes, [])
    assert len(data) == 332
    write("klv", "paths-2pow40.klv2", data)

    # The same with the deepest arcs accepting: 2^40 leaves of 40 tiles,
    # one value (opening must refuse: too few values).
    nodes[-2] = node(1, True, False, 0)
    nodes[-1] = node(2, True, True, 0)
    write("klv", "paths-2pow40-leaves.klv2", klv_bytes(nodes, [1.0]))

    # A valid graph (leaves ?, A, AE, E, S, SS) with NaN and infinite values.
    nodes = [
        node(0, False, True, 1),
        node(0, True, False, 0),  # ?
        node(1, True, False, 5),  # A -> {E}
        node(5, True, False, 0),  # E
        node(19, True, True, 6),  # S -> {S}
        node(5, True, True, 0),  # A E
        node(19, True, True, 0),  # S S
    ]
    nan = float("nan")
    values = [nan, math.inf, -math.inf, 1.5, nan, -0.0]
    write("klv", "nan-inf.klv2", klv_bytes(nodes, values))
    # A negative NaN with a payload, written by bits.
    raw = klv_bytes(nodes, [0.0] * 6)
    raw = raw[: len(raw) - 24] + struct.pack("<6I", 0xFFC00001, 0x7F800000, 0xFF800000,
                                             0x7F7FFFFF, 0x00000001, 0x7FBFFFFF)
    write("klv", "nan-inf-bits.klv2", raw)
    # KLV1: i16 values in 256ths.
    write("klv", "small.klv", klv_bytes(nodes, [6272, 256, -512, 32767, -32768, 0], wide=False))


def valid_files(lexgraph):
    def run(*args):
        subprocess.run(lexgraph + list(args), check=True, stdout=subprocess.DEVNULL)

    words = "aa ab act arc arcs at ba car care cares cars cat cats es qi scar scare ta za"
    qwords = "q qat qi qua quiz z zzz"
    leaves = """leave,value
?,25.5
??,40.25
?S,32
A,1
AE,3.5
AEINST,12.75
E,4
EE,1.5
I,-1
Q,-10.5
QU,-4
S,8
SS,10
U,-3
Z,2.5
"""
    with tempfile.TemporaryDirectory() as t:
        p = lambda name: os.path.join(t, name)
        for name, ws in [("small", words), ("q", qwords)]:
            with open(p(name + ".txt"), "w") as f:
                f.write("\n".join(ws.split()) + "\n")
            run("compile", p(name + ".txt"), "-o", p(name))
        outs = [
            ("small.kwg", ["small.gaddag", "--to", "kwg"]),
            ("small-dawg.kwg", ["small.gaddag", "--to", "dawg-kwg"]),
            ("small-magpie.kwg", ["small.gaddag", "--to", "kwg", "--layout", "magpie"]),
            ("small-dawg-magpie.kwg",
             ["small.gaddag", "--to", "dawg-kwg", "--layout", "magpie"]),
            ("small-big.kbwg", ["small.gaddag", "--to", "kwg", "--big"]),
            ("q.kwg", ["q.gaddag", "--to", "kwg"]),
        ]
        for out, args in outs:
            run("export", p(args[0]), *args[1:], "-o", p(out))
        long_lex = os.path.join(SEEDS, "lexicon", "long.gaddag")
        run("export", long_lex, "--to", "kwg", "-o", p("long.kwg"))
        for out, _ in outs + [("long.kwg", None)]:
            with open(p(out), "rb") as f:
                write("kwg", out, f.read())
        with open(p("leaves.csv"), "w") as f:
            f.write(leaves)
        for layout in ["wolges", "magpie"]:
            out = p(layout + ".klv2")
            run("leaves", "compile", p("leaves.csv"), "--layout", layout, "-o", out)
            with open(out, "rb") as f:
                write("klv", "small-" + layout + ".klv2", f.read())


EMPTY = "/".join(["." * 10] * 10)


def row(col, *squares, size=10):
    """A stacked row: `col` empty squares, then `squares` (`A1`, `[QU]2`,
    `.`), then empty squares up to `size`."""
    assert col + len(squares) <= size
    return "." * col + "".join(squares) + "." * (size - col - len(squares))


def board(rows):
    """A 10x10 stacked board from {row: text} (other rows empty)."""
    return "/".join(rows.get(r, "." * 10) for r in range(10))


def stacked():
    cross = {r: row(4, "E1" if r < 4 else "O1") for r in range(10)}
    cross[4] = row(0, "C1", "A1", "T1", "S1", "C1", "A1", "T1", "S1", "C1", "A1")
    seeds = {
        # The example of formats/upwords.md: CAT flat on row 4.
        "cat": board({4: row(4, "C1", "A1", "T1")}) + " BESTOW",
        "empty": EMPTY + " AEIRST[QU]",
        "empty-no-rack": EMPTY,
        # Stacks of every height up to the limit, a 5 that cannot be covered.
        "heights": board({3: row(4, "D2"), 4: row(3, "B5", "O3", "G1", "S4"), 5: row(4, "T1")})
        + " ACEOSTU",
        "qu": board({4: row(3, "[QU]1", "I2", "T1"), 5: row(3, "A1")}) + " ISTUE",
        "qu-rack": board({4: row(4, "A1", "T1")}) + " [QU]IETS",
        # Blanks on the board (Upwords has none: refused by the bag).
        "qu-lower": board({4: row(3, "[qu]1", "i1", "t1")}) + " [QU]AE",
        # A full row and a full column, crossing.
        "cross": board(cross) + " DOGS",
        # Heights past the rules' 5 (the target raises the limit to them).
        "height-9": board({4: row(4, "A9", "T1")}) + " ES",
        # Not 10x10: a 3x3 and a 31x31 board (the target lays them out).
        "small-board": ".../.A2./... E[QU]T",
        "large-board": "/".join([row(0, size=31)] * 15 + [row(14, "C1", "A1", "T1", size=31)]
                                + [row(0, size=31)] * 15) + " SEAT",
        # A long line: a row of 4,000 squares (refused: not square).
        "long-row": "A1" * 4000 + "/" + EMPTY + " AB",
        # Several positions, one a line, with a comment and a blank line.
        "file": "# positions\n"
        + board({4: row(4, "C1", "A1", "T1")}) + " BESTOW\n\n"
        + board({4: row(4, "B2", "O1", "G1")}) + " DSAE\n"
        + EMPTY + " ZAX\n",
    }
    for name, text in seeds.items():
        write("stacked", name, text.encode())


def main():
    lexgraph = shlex.split(os.environ.get("LEXGRAPH", "")) or [
        "cargo", "run", "--release", "--quiet", "--manifest-path",
        os.path.join(ROOT, "Cargo.toml"), "--",
    ]
    valid_files(lexgraph)
    hostile_kwg()
    hostile_klv()
    stacked()


if __name__ == "__main__":
    sys.exit(main())
