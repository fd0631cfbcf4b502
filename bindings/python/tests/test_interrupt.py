"""Long calls hear signals (Ctrl-C) while they run, and take a bounded
number of threads."""

import os
import signal
import threading
import time

import pytest

import lexgraph
from conftest import POSITIONS

CGPS = (POSITIONS / "enable_s1_200.cgp").read_text().splitlines()
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGUSR1"), reason="needs POSIX signals")


@pytest.fixture
def sigint():
    """Python's own SIGINT handler (a shell may start the tests with SIGINT
    ignored, which Python then leaves as it is)."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, old)


def interrupt(call, after=0.5):
    """Runs `call` in the main thread, sends SIGINT to the process `after`
    seconds in, and returns the seconds from the signal to the
    KeyboardInterrupt."""
    sent = []

    def fire():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(after, fire)
    timer.start()
    try:
        call()
    except KeyboardInterrupt:
        latency = time.monotonic() - sent[0]
        print(f"KeyboardInterrupt {latency * 1000:.0f} ms after SIGINT")
        return latency
    finally:
        timer.cancel()
        timer.join()
    pytest.fail("the call ended before the signal: give it more work")


# Each call below takes seconds on two threads (30,000 positions, 2,000
# games) when not stopped. Python runs signal handlers in the main thread,
# where pytest runs the tests.
def test_ctrl_c_stops_moves_batch_within_half_a_second(sigint, gaddag):
    latency = interrupt(lambda: gaddag.moves_batch(CGPS * 150, top=20, leaves="gordon2", threads=2))
    assert latency < 1.0  # 0.5 s asked, slack for a loaded machine
    # The lexicon serves the next call as before.
    again = gaddag.moves_batch(CGPS[:20], top=3, leaves="gordon2", threads=2)
    assert again == [gaddag.moves(c, top=3, leaves="gordon2") for c in CGPS[:20]]


def test_ctrl_c_stops_play_match_and_play_games(sigint, gaddag):
    assert interrupt(lambda: lexgraph.play_match(gaddag, "gordon2", "greedy", 2000, 1, threads=2)) < 1.0
    assert interrupt(lambda: lexgraph.play_games(gaddag, "gordon2", "greedy", 1, 0, 2000,
                                                 count_moves=True, threads=2)) < 1.0
    assert interrupt(lambda: lexgraph.play_match(gaddag, "gordon1", "greedy", 2000, 1)) < 1.0
    whole = lexgraph.play_match(gaddag, "gordon2", "greedy", 6, 3, threads=2)
    assert lexgraph.summarize(lexgraph.play_games(gaddag, "gordon2", "greedy", 3, 0, 6)) == whole


def test_ctrl_c_stops_a_simulation(sigint, gaddag):
    quire = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRST/ 0/0 0"
    # 1.5 million rollouts of 2 plies: minutes, unless stopped (a round of
    # 64 scenarios takes a fraction of a second).
    assert interrupt(lambda: gaddag.sim(quire, candidates=15, plies=2, iterations=100_000,
                                        stop=None, threads=2)) < 1.0
    again = gaddag.sim(quire, candidates=3, iterations=16, stop=None, seed=2, threads=2)
    assert again == gaddag.sim(quire, candidates=3, iterations=16, stop=None, seed=2, threads=1)
    assert again["stopped"] == "budget"


def test_other_signal_handlers_run_during_a_long_call(gaddag):
    """A handler that does not raise runs while the call goes on, which then
    returns its whole result."""
    ran = []
    old = signal.signal(signal.SIGUSR1, lambda *_: ran.append(time.monotonic()))
    sent = []

    def fire():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGUSR1)

    timer = threading.Timer(0.2, fire)
    try:
        timer.start()
        got = gaddag.moves_batch(CGPS * 100, top=20, leaves="gordon2", threads=1)
        ended = time.monotonic()
    finally:
        timer.join()
        signal.signal(signal.SIGUSR1, old)
    # About 2.5 s of work: the test asks only that the signal came before
    # the end, and that its handler ran before the call returned (not
    # after it, as it would if the call never let Python in).
    assert sent and sent[0] < ended, "the call must outlast the signal: give it more work"
    assert len(ran) == 1 and ran[0] < ended and ran[0] - sent[0] < 0.5
    once = gaddag.moves_batch(CGPS, top=20, leaves="gordon2")
    assert len(got) == len(CGPS) * 100 and got[:200] == once and got[-200:] == once


def os_threads():
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return None


@pytest.mark.parametrize("bad", [0, -1, 257, 100_000, 10**30])
def test_threads_are_limited_like_the_cli(gaddag, bad):
    gaddag.moves_batch(CGPS[:2])  # rayon's global pool exists from here on
    before = os_threads()
    with pytest.raises(ValueError, match=r"threads must be from 1 to 256 .*got "):
        gaddag.moves_batch(CGPS[:2], threads=bad)
    with pytest.raises(ValueError, match="threads must be from 1 to 256"):
        lexgraph.play_match(gaddag, "greedy", "greedy", 2, 1, threads=bad)
    with pytest.raises(ValueError, match="threads must be from 1 to 256"):
        lexgraph.play_games(gaddag, "greedy", "greedy", 1, 0, 2, threads=bad)
    # Refused before any thread was made (a thread of an earlier test may
    # still be ending: fewer is fine).
    assert os_threads() <= before
    with pytest.raises(TypeError):
        gaddag.moves_batch(CGPS[:2], threads=2.0)


def test_every_thread_count_gives_the_same_results(gaddag):
    one = gaddag.moves_batch(CGPS[:40], top=3, leaves="gordon2", threads=1)
    for n in (None, 3, 256):
        assert gaddag.moves_batch(CGPS[:40], top=3, leaves="gordon2", threads=n) == one
    match = lexgraph.play_match(gaddag, "gordon2", "gordon1", 8, 5, threads=1)
    assert lexgraph.play_match(gaddag, "gordon2", "gordon1", 8, 5, threads=3) == match
    assert lexgraph.play_match(gaddag, "gordon2", "gordon1", 8, 5) == match


def test_ctrl_c_stops_compile_at_once_and_nothing_is_written(sigint, tmp_path):
    from conftest import ROOT

    words = tmp_path / "words.txt"
    words.write_bytes(b"".join((ROOT / "lexicons" / f).read_bytes()
                               for f in ("enable1.txt", "wordlist-en.txt")))
    # The build takes about half a second: the signal comes well before.
    latency = interrupt(lambda: lexgraph.compile(words, tmp_path / "out"), after=0.1)
    assert latency < 1.0  # 0.5 s asked, slack for a loaded machine
    # The build left behind ends and writes nothing.
    time.sleep(4)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["words.txt"]
