"""Where the side-by-side scripts here find the programs and ../shared:
`CARGO_TARGET_DIR` (else target/), `LEXGRAPH_WOLGES_PEER` (else the harness
`build.sh` puts in target/peers/bin) and `LEXGRAPH_SHARED` (else ../shared)."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
LEXGRAPH = os.path.join(TARGET, "release", "lexgraph")
TIMING = os.path.join(TARGET, "release", "examples", "movegen_timing")
WOLGES = os.environ.get("LEXGRAPH_WOLGES_PEER", os.path.join(ROOT, "target", "peers", "bin", "wolges-peer"))
SHARED = os.environ.get("LEXGRAPH_SHARED", os.path.join(os.path.dirname(ROOT), "shared"))
