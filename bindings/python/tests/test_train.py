import pytest

import lexgraph


def test_shards_merge_into_the_single_machine_training(gaddag, tmp_path):
    games, seed = [12, 10], 5
    klv2, wins = lexgraph.train_leaves(gaddag, games, seed=seed, threads=2)
    assert lexgraph.train_leaves(gaddag, games, seed=seed, threads=1) == (klv2, wins)
    # The same run in pieces, the shards of each generation in any order.
    leaves, tallies = None, []
    for generation, n in enumerate(games):
        parts = [lexgraph.train_games(gaddag, leaves, seed, generation, start, count)
                 for start, count in [(5, n - 5), (0, 2), (2, 3)]]
        tally = lexgraph.merge_tallies(parts)
        leaves = lexgraph.estimate_leaves(gaddag, tally)
        tallies.append(tally)
    assert leaves == klv2
    assert lexgraph.win_table(lexgraph.merge_tallies(tallies)) == wins
    assert wins.splitlines()[0] == "unseen,spread,turns,wins"
    # The bytes are a KLV2 file the strategies read.
    path = tmp_path / "trained.klv2"
    path.write_bytes(klv2)
    s = lexgraph.play_match(gaddag, f"klv:{path}", "greedy", 4, 1)
    assert s.games == 4


def test_bad_training_input_raises(gaddag):
    with pytest.raises(lexgraph.LexgraphError, match="not a training tally"):
        lexgraph.merge_tallies([b"LGTALLY1" + bytes(10)])
    with pytest.raises(lexgraph.LexgraphError, match="byte offset"):
        lexgraph.estimate_leaves(gaddag, b"nonsense")
    with pytest.raises(ValueError):
        lexgraph.train_leaves(gaddag, [])
    with pytest.raises(ValueError):
        lexgraph.train_leaves(gaddag, [3, 0])
    with pytest.raises(lexgraph.LexgraphError):
        lexgraph.train_games(gaddag, b"not a klv", 1, 1, 0, 2)


def test_training_on_a_dask_cluster_is_the_single_machine_training(gaddag):
    distributed = pytest.importorskip("distributed")
    from lexgraph import cluster

    games, seed = [10, 10], 3
    whole = lexgraph.train_leaves(gaddag, games, seed=seed)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as lc, distributed.Client(lc) as client:
        out = cluster.train_leaves(client, gaddag, games, seed=seed, shards_count=3)
        where = client.run(lambda: __import__("os").getpid())
        assert len(set(where.values())) == 2
    assert out == whole
