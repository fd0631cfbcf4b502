import pickle

import pytest

import lexgraph


def test_shards_merge_into_the_single_machine_summary(gaddag):
    whole = lexgraph.play_match(gaddag, "gordon2", "greedy", games=24, seed=7)
    shards = [lexgraph.play_games(gaddag, "gordon2", "greedy", 7, start, n)
              for start, n in [(0, 5), (5, 1), (6, 18)]]
    games = [g for s in shards for g in s]
    assert [g.number for g in games] == list(range(24))
    assert lexgraph.summarize(games) == whole
    # Any order: summarize puts the games in order first.
    assert lexgraph.summarize(games[::-1]) == whole
    assert whole.games == 24 and whole.wins + whole.draws + whole.losses == 24
    assert whole.moves_per_turn is None
    assert set(whole.to_dict()) >= {"win_rate", "win_rate_ci95", "mean_spread"}


def test_game_stats_pickle_and_compare(gaddag):
    games = lexgraph.play_games(gaddag, "gordon1", "greedy", 3, 10, 2, count_moves=True)
    assert pickle.loads(pickle.dumps(games)) == games
    g = games[0]
    assert (g.number, g.first) == (10, 0) and games[1].first == 1
    assert g.legal_moves[0] > 0 and sum(g.turns) > 0
    assert g == lexgraph.GameStats(*[getattr(g, f) for f in
                                     ("number", "first", "scores", "bingos", "turns", "points", "legal_moves")])
    assert lexgraph.summarize(games).moves_per_turn > 0


def test_bad_strategies_raise(gaddag):
    with pytest.raises(lexgraph.LexgraphError, match="unknown strategy"):
        lexgraph.play_games(gaddag, "cleverest", "greedy", 1, 0, 2)
    with pytest.raises(FileNotFoundError):
        lexgraph.play_match(gaddag, "klv:/nonexistent.klv2", "greedy", 2, 1)


def test_a_match_sharded_over_a_dask_cluster_is_the_single_machine_match(gaddag):
    distributed = pytest.importorskip("distributed")
    from lexgraph import cluster

    assert cluster.shards(10, 3) == [(0, 4), (4, 3), (7, 3)]
    assert cluster.shards(2, 4) == [(0, 1), (1, 1)]
    games, seed = 40, 11
    whole = lexgraph.play_match(gaddag, "gordon2", "gordon1", games, seed)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as lc, distributed.Client(lc) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        summary, stats = cluster.play_match(client, gaddag, "gordon2", "gordon1", games, seed,
                                            shards_count=5)
        # The tasks ran on both workers' processes.
        where = client.run(lambda: __import__("os").getpid())
        assert len(set(where.values())) == 2
        # And a plain submit of play_games with a pickled Lexicon works too.
        fut = client.submit(lexgraph.play_games, gaddag, "gordon2", "gordon1", seed, 0, 4)
        first4 = fut.result()
        # A lexicon read into memory is read into memory on the workers too.
        read = lexgraph.Lexicon.read(gaddag.path)
        assert client.submit(lambda lex: lex.in_memory, read).result()
        in_memory, _ = cluster.play_match(client, read, "gordon2", "gordon1", games, seed,
                                          shards_count=3)
    assert summary == whole and in_memory == whole
    assert [g.number for g in stats] == list(range(games))
    assert first4 == stats[:4]


def test_summaries_pickle_and_compare(gaddag):
    import copy

    for count_moves in (False, True):
        s = lexgraph.play_match(gaddag, "gordon1", "greedy", 4, 2, count_moves=count_moves)
        assert (s.moves_per_turn is not None) == count_moves
        for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(s, protocol))
            assert back == s and back.to_dict() == s.to_dict() and repr(back) == repr(s)
        assert copy.copy(s) == s and lexgraph.Summary(**s.to_dict()) == s
    assert lexgraph.play_match(gaddag, "gordon1", "greedy", 4, 3) != s


def test_a_match_of_three_or_four(gaddag):
    three = lexgraph.play_match(gaddag, "gordon2", "greedy", 6, 2, p3="gordon1", threads=1)
    assert three == lexgraph.play_match(gaddag, "gordon2", "greedy", 6, 2, p3="gordon1", threads=2)
    assert three.players == 3 and len(three.win_rates) == 3 and len(three.mean_score) == 3
    assert abs(sum(three.win_rates) - 1.0) < 1e-9
    assert pickle.loads(pickle.dumps(three)) == three
    games = lexgraph.play_games(gaddag, "gordon2", "greedy", 2, 0, 6, p3="gordon1")
    assert [g.first for g in games] == [0, 1, 2, 0, 1, 2]
    assert all(len(g.scores) == 3 for g in games)
    assert lexgraph.summarize(games) == three
    four = lexgraph.play_match(gaddag, "greedy", "greedy", 4, 1, p3="greedy", p4="gordon2")
    assert four.players == 4
    with pytest.raises(ValueError, match="p4 needs p3"):
        lexgraph.play_match(gaddag, "greedy", "greedy", 2, 1, p4="greedy")
