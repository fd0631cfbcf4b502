"""Measures the WebAssembly package: its size (raw and gzip) and, in
Debian's Chromium driven by Playwright, the time of a move query per
position on the page's bundled lexicon, beside the `lexgraph` command on
the same positions and lexicon. Writes benches/results/browser.md (which
bench-report includes in BENCHMARKS.md) and prints it.

    bindings/wasm/build.sh && cargo build --release
    python3 benches/browser/measure.py   # with playwright installed

Positions: tests/data/positions/enable_s1_200.cgp (200 self-play positions),
five rounds, the best round kept.
"""

import functools
import gzip
import http.server
import os
import pathlib
import platform
import subprocess
import sys
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "bindings" / "wasm" / "tests"))
from test_page import CHROMIUM, CLI, FLAGS, LEXICON, WEB, Quiet  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
POSITIONS = ROOT / "tests" / "data" / "positions" / "enable_s1_200.cgp"
ROUNDS = 5


def sizes():
    rows = []
    for label, paths in [
        ("WebAssembly module (`pkg/lexgraph_wasm_bg.wasm`)", ["pkg/lexgraph_wasm_bg.wasm"]),
        ("wasm-bindgen glue (`pkg/lexgraph_wasm.js`)", ["pkg/lexgraph_wasm.js"]),
        ("the page (HTML, CSS, `app.js`, `worker.js`)", ["index.html", "style.css", "app.js", "worker.js"]),
        ("bundled lexicon (`wordlist-en.gaddag`)", ["lexicon/wordlist-en.gaddag"]),
        ("its leaves and win table (`.klv2`, `.win.csv`)", ["lexicon/wordlist-en.klv2", "lexicon/wordlist-en.win.csv"]),
    ]:
        data = [(WEB / p).read_bytes() for p in paths]
        raw = sum(len(d) for d in data)
        gz = sum(len(gzip.compress(d, 9)) for d in data)
        rows.append((label, raw, gz))
    return rows


def cpu():
    for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            name = line.split(":", 1)[1].strip()
            flags = pathlib.Path("/proc/cpuinfo").read_text()
            return f"{name}, {'with' if 'avx512f' in flags else 'without'} AVX-512, {os.cpu_count()} cores"
    return platform.processor() or platform.machine()


def browser_times(cgps):
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(WEB))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = b.new_page()
        t0 = time.perf_counter()
        page.goto(url)
        page.wait_for_selector("body[data-ready]", timeout=60_000)
        ready = time.perf_counter() - t0
        version = b.version
        out = page.evaluate(
            """([cgps, rounds]) => {
              const lex = window.lexgraph.lexicon();
              const best = (f) => {
                let min = Infinity, n = 0;
                for (let r = 0; r < rounds; r++) {
                  const t = performance.now();
                  n = 0;
                  for (const c of cgps) n += f(c);
                  min = Math.min(min, performance.now() - t);
                }
                return [min / cgps.length, n / cgps.length];
              };
              return {
                all: best((c) => lex.moves(c, { by: "score" }).length),
                top1: best((c) => lex.moves(c, { top: 1 }).length),
              };
            }""",
            [cgps, ROUNDS],
        )
        b.close()
    server.shutdown()
    return ready, version, out


def cli_times():
    def run(*args):
        best = float("inf")
        for _ in range(ROUNDS):
            t = time.perf_counter()
            subprocess.run(
                [str(CLI), "moves", "--lexicon", str(LEXICON), "--cgp-file", str(POSITIONS), *args],
                check=True,
                stdout=subprocess.DEVNULL,
            )
            best = min(best, time.perf_counter() - t)
        return best * 1000 / 200

    return run("--by", "score", "--all"), run("--top", "1")


def main():
    cgps = [l for l in POSITIONS.read_text().splitlines() if l.strip()]
    ready, chromium, b = browser_times(cgps)
    native_all, native_top1 = cli_times()
    lines = [
        "## In the browser",
        "",
        "The WebAssembly package (`bindings/wasm`, wasm-bindgen) and the analysis page that uses it "
        "(`bindings/wasm/build.sh`; `docs/browser.md`). Measured by `python3 benches/browser/measure.py` "
        f"on {cpu()}, Chromium {chromium} headless.",
        "",
        "| what the page loads | bytes | gzip -9 |",
        "|---|--:|--:|",
    ]
    for label, raw, gz in sizes():
        lines.append(f"| {label} | {raw:,} | {gz:,} |")
    lines += [
        "",
        f"The page is ready (module compiled, lexicon and leaves read, the first position listed) "
        f"{ready:.2f} s after it is opened from localhost.",
        "",
        f"Move queries on the 200 positions of `tests/data/positions/enable_s1_200.cgp` with the bundled "
        f"lexicon, best of {ROUNDS} rounds: in the page, `Lexicon.moves` returning every play as an "
        "object; beside it, the `lexgraph moves --cgp-file` process on the same file (parsing, opening, "
        "printing included).",
        "",
        "| query | plays per position | page (ms per position) | `lexgraph moves` (ms per position) | page / command |",
        "|---|--:|--:|--:|--:|",
        f"| every placement, by score | {b['all'][1]:.0f} | {b['all'][0]:.3f} | {native_all:.3f} | {b['all'][0] / native_all:.1f}x |",
        f"| best play by equity (`top: 1`) | 1 | {b['top1'][0]:.3f} | {native_top1:.3f} | {b['top1'][0] / native_top1:.1f}x |",
    ]
    text = "\n".join(lines) + "\n"
    out = ROOT / "benches" / "results" / "browser.md"
    out.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
