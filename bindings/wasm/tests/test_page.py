"""The analysis page in a real browser: Debian's Chromium, headless, driven
by Playwright for Python. Every answer the page shows is checked against
the `lexgraph` command on the same lexicon: the best plays of a position,
each turn of the example game (its position and the equity given up), a
simulation's table, an endgame's exact value.

Needs the page built (`bindings/wasm/build.sh`, into target/web or
$LEXGRAPH_WEB), the command (`cargo build --release`, or $LEXGRAPH_BIN),
and Chromium ($LEXGRAPH_CHROMIUM, default /usr/bin/chromium). A screenshot
goes to target/web-screenshot.png.
"""

import functools
import http.server
import json
import os
import pathlib
import subprocess
import threading

import pytest
from playwright.sync_api import expect, sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[3]
WEB = pathlib.Path(os.environ.get("LEXGRAPH_WEB", ROOT / "target" / "web"))
CLI = pathlib.Path(os.environ.get("LEXGRAPH_BIN", ROOT / "target" / "release" / "lexgraph"))
CHROMIUM = os.environ.get("LEXGRAPH_CHROMIUM", "/usr/bin/chromium")
LEXICON = WEB / "lexicon" / "wordlist-en.gaddag"
# Started as root on a machine with no network: no sandbox, and nothing
# that reaches out (background updates, QUIC, sync).
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
MIDGAME = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRS?/ 0/0 0"


def cli(*args):
    out = subprocess.run(
        [str(CLI), *args, "--lexicon", str(LEXICON), "--format", "json"],
        check=True,
        capture_output=True,
        text=True,
    )
    lines = out.stdout.splitlines()
    # `moves` writes a play a line; the others one object.
    return json.loads(lines[0]) if len(lines) == 1 else [json.loads(x) for x in lines]


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def url():
    for need, how in [
        (WEB / "index.html", "build the page: bindings/wasm/build.sh"),
        (CLI, "build the command: cargo build --release"),
        (pathlib.Path(CHROMIUM), "install Chromium: apt-get install chromium"),
    ]:
        assert need.exists(), f"{need} is missing: {how}"
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(WEB))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser, url):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(
        "console", lambda m: errors.append(m.text) if m.type == "error" else None
    )
    # Offline: nothing is asked of any server but the page's own.
    elsewhere = []
    page.on(
        "request",
        lambda r: None if r.url.startswith((url, "data:", "blob:")) else elsewhere.append(r.url),
    )
    page.goto(url)
    page.wait_for_selector("body[data-ready]", timeout=60_000)
    assert page.get_attribute("body", "data-ready") == "true", page.inner_text("#status")
    yield page
    assert errors == [], errors
    assert elsewhere == [], elsewhere
    page.close()


def enter_position(page, cgp, rack=None):
    page.fill("#cgp-input", cgp)
    if rack is not None:
        page.fill("#rack-input", rack)
    page.click("#load-position")


def first_row(page, table):
    cells = page.locator(f"#{table} tbody tr").first.locator("td")
    return [c.inner_text() for c in cells.all()]


def test_top_plays_match_the_command(page):
    assert "274,137 words" in page.inner_text("#status")
    for cgp in [
        MIDGAME,
        "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 QIS/ 0/0 0",
        "15/15/15/15/4C5F4/4O5A4/4L1DURNS4/4LOOM1ATTRIT/4E5I4/4E5N4/4N5G4/15/15/15/15 CDEEIOP/ 40/98 0",
    ]:
        enter_position(page, cgp, rack="")
        want = cli("moves", "--cgp", cgp, "--top", "10")
        rows = page.locator("#plays tbody tr")
        expect(rows.first).to_be_visible()
        for i, w in enumerate(want):
            _, play, score, equity, leave = [
                c.inner_text() for c in rows.nth(i).locator("td").all()
            ]
            shown = {"place": w.get("notation"), "exchange": f"exchange {w.get('exchange')}"}
            assert play == shown.get(w["type"], "pass"), (cgp, i)
            assert int(score) == w["score"]
            assert float(equity) == pytest.approx(w["equity"], abs=0.051)
            assert leave == w["leave"]


def test_keyboard_play_and_preview(page):
    enter_position(page, MIDGAME)
    # Clicking a play draws it on the board without making it.
    page.locator("#plays tbody tr").first.click()
    expect(page.locator("#board .tile.preview")).to_have_count(7)
    # An illegal play says why, and changes nothing.
    page.fill("#play-input", "1A SIREN")
    page.keyboard.press("Enter")
    expect(page.locator("#play-result")).to_have_class("error")
    assert "touch" in page.inner_text("#play-result")
    assert page.input_value("#cgp-input").startswith("15/15/15/15/15/15/15/4QUIRE6/")
    # A legal one typed in notation is made: tiles on their squares, the
    # score added, the opponent to move with an empty rack, the mover's
    # leave as the opponent's rack.
    m = next(
        m
        for m in cli("moves", "--cgp", MIDGAME, "--top", "400")
        if 2 <= len(m["tiles"]) < 7 and any(t["blank"] for t in m["tiles"])
    )
    page.fill("#play-input", m["notation"])
    page.keyboard.press("Enter")
    expect(page.locator("#board .tile.last")).to_have_count(len(m["tiles"]))
    for t in m["tiles"]:
        sq = page.locator(f'#board [data-row="{t["row"]}"][data-col="{t["col"]}"]')
        assert sq.get_attribute("data-tile") == t["letter"]
    assert page.inner_text("#scores").startswith(f"score 0 – {m['score']}")
    assert page.input_value("#cgp-input").endswith(f" /{m['leave']} 0/{m['score']} 0")
    expect(page.locator("#plays tbody tr")).to_have_count(0)


def test_game_steps_with_the_equity_given_up(page):
    page.click("#tab-game")
    page.click("#example-game")
    expect(page.locator("#turn-label")).to_have_text("turn 1 of 23")
    want = cli("replay", str(WEB / "example.gcg"), "--analyze", "--top", "5")["turns"]
    assert len(want) == 23
    page.locator("#board").click()  # keys go to the page, not a field
    for i, w in enumerate(want):
        expect(page.locator("#turn-label")).to_have_text(f"turn {i + 1} of 23")
        assert page.input_value("#cgp-input") == w["cgp"]
        a = w.get("analysis")
        if a and a.get("gave_up") is not None:
            got = float(page.get_attribute("#gave-up", "data-value"))
            assert got == pytest.approx(a["gave_up"], abs=1e-3), i
            best = first_row(page, "turn-best")
            assert best[1] == a["best"][0]["play"]
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Home")
    expect(page.locator("#turn-label")).to_have_text("turn 1 of 23")
    page.keyboard.press("End")
    expect(page.locator("#turn-label")).to_have_text("turn 23 of 23")


def test_simulation_in_a_worker_matches_the_command(page):
    enter_position(page, MIDGAME)
    page.click("#tab-sim")
    page.fill("#sim-candidates", "5")
    page.fill("#sim-iterations", "192")
    page.fill("#sim-time", "120")
    page.click("#sim-start")
    expect(page.locator("#sim-status")).to_contain_text("ended", timeout=120_000)
    want = cli(
        "sim", "--cgp", MIDGAME, "--candidates", "5", "--iterations", "192", "--seed", "1"
    )
    rows = page.locator("#sim-table tbody tr")
    expect(rows).to_have_count(5)
    for i, arm in enumerate(want["candidates"]):
        cells = [c.inner_text() for c in rows.nth(i).locator("td").all()]
        assert cells[1] == arm["play"], i
        assert float(cells[4]) == pytest.approx(arm["mean"], abs=0.006)
        assert int(cells[7]) == arm["iterations"]


def test_a_simulation_stops_when_asked(page):
    enter_position(page, MIDGAME)
    page.click("#tab-sim")
    page.fill("#sim-iterations", "1000000")
    page.fill("#sim-time", "600")
    page.click("#sim-start")
    expect(page.locator("#sim-stop")).to_be_enabled()
    expect(page.locator("#sim-status")).to_contain_text("iterations", timeout=30_000)
    page.click("#sim-stop")
    expect(page.locator("#sim-status")).to_contain_text("stopped")
    expect(page.locator("#sim-start")).to_be_enabled()
    # A new worker takes the next run.
    page.fill("#sim-iterations", "64")
    page.click("#sim-start")
    expect(page.locator("#sim-status")).to_contain_text("ended", timeout=60_000)


def test_endgame_exact_value_matches_the_command(page):
    # Turn 21 of the example game: the bag is empty.
    turns = cli("replay", str(WEB / "example.gcg"))["turns"]
    cgp = turns[20]["cgp"]
    want = cli("endgame", "--cgp", cgp, "--threads", "1")
    enter_position(page, cgp)
    page.click("#tab-endgame")
    page.click("#endgame-start")
    expect(page.locator("#endgame-status")).to_contain_text("Exact", timeout=120_000)
    text = page.inner_text("#endgame-status")
    value = want["value"]
    assert f"Exact: {'+' if value >= 0 else ''}{value} for the mover" in text, text
    assert page.locator("#endgame-line li").count() == len(want["line"])


def test_words_and_files(page, tmp_path):
    page.click("#tab-words")
    page.fill("#words-input", "quire")
    page.click("#words-form button")
    expect(page.locator("#words-result")).to_have_text("QUIRE is a word")
    page.select_option("#words-kind", "anagram")
    page.fill("#words-input", "EIQRU")
    page.click("#words-form button")
    expect(page.locator("#words-result")).to_contain_text("QUIRE")
    # A damaged lexicon is refused with the reason; the page goes on with
    # the one it had.
    bad = tmp_path / "broken.gaddag"
    bad.write_bytes(LEXICON.read_bytes()[:4096])
    page.click("#tab-files")
    page.set_input_files("#files", str(bad))
    expect(page.locator("#status")).to_have_class("error")
    assert "broken.gaddag" in page.inner_text("#status")
    enter_position(page, MIDGAME)
    expect(page.locator("#plays tbody tr").first).to_contain_text("80")
    # A lexicon picked from disk replaces the bundled one.
    words = tmp_path / "tiny.txt"
    words.write_text("qi\nqis\nsi\nis\n")
    subprocess.run(
        [str(CLI), "compile", str(words), "-o", str(tmp_path / "tiny")],
        check=True,
        capture_output=True,
    )
    page.set_input_files("#files", str(tmp_path / "tiny.gaddag"))
    expect(page.locator("#lexicon-info")).to_contain_text("tiny.gaddag: 4 words")
    enter_position(page, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 QIS/ 0/0 0")
    expect(page.locator("#plays tbody tr").first).to_contain_text("QI")


def test_the_package_names_each_fault(page):
    out = page.evaluate(
        """(mid) => {
          const { Lexicon, lexicon } = window.lexgraph;
          const lex = lexicon();
          const err = (f) => { try { f(); return null; } catch (e) { return e.message; } };
          return {
            option: err(() => lex.moves(mid, { tpo: 1 })),
            cgp: err(() => lex.moves("garbage")),
            bytes: err(() => new Lexicon(new Uint8Array([1, 2, 3]), "x.gaddag")),
            plies: err(() => lex.sim(mid, { plies: 50 })),
            bag: err(() => lex.endgame(mid)),
            gcg: err(() => lex.readGcg("#player1 a\\n>a: QIS 8H QI +22 22\\n")),
            play: err(() => lex.play(mid, "1A SIREN")),
            list: err(() => Lexicon.fromWordList("qi\\nq1\\n")),
            compiled: Lexicon.fromWordList("qi\\nqis\\n").info().words,
          };
        }""",
        MIDGAME,
    )
    assert out["option"].startswith('options: unknown option "tpo"'), out
    assert out["cgp"].startswith('not a CGP line: "garbage"'), out
    assert "x.gaddag" in out["bytes"], out
    assert "plies 50" in out["plies"], out
    assert "tile(s) in the bag" in out["bag"], out
    assert "fewer than two players" in out["gcg"], out
    assert "does not touch" in out["play"], out
    assert "word list:2" in out["list"], out
    assert out["compiled"] == 2


def test_screenshot(page):
    page.click("#tab-game")
    page.click("#example-game")
    page.locator("#board").click()
    for _ in range(12):
        page.keyboard.press("ArrowRight")
    page.locator("#turn-best tbody tr").first.click()
    shot = pathlib.Path(os.environ.get("LEXGRAPH_SCREENSHOT", ROOT / "target" / "web-screenshot.png"))
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
