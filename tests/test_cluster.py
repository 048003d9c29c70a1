"""Simulated games on a Dask cluster (``--scheduler``) give the very records a local process pool gives.

A ``distributed.LocalCluster`` of two worker processes stands in for a real cluster: the games travel to
the workers as tasks and back as records, the same way they do over a network.
"""

from __future__ import annotations

import socket
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import partial

import pytest

from capture_lib import cli, list_games
from capture_lib.experiments import analysis
from capture_lib.experiments.cluster import INSTALL, ClusterError, connect, executor_for
from capture_lib.experiments.simulate import load, run_games
from tests.registry import shipped

SEED = 4_100
#: The small experiment both executors play: (game, games, players), two games of each game this package ships
#: (a game registered only in the tests is not in the workers' processes).
RUNS = tuple((slug, 2, ("rule", "random")) for slug in list_games() if shipped(slug))
#: An analysis experiment small enough for a test: ``--scale`` gives it 2 games.
EXPERIMENT, SCALE = "medieval-first-player", 0.004


@pytest.fixture(scope="module")
def cluster():
    """A two-process local Dask cluster, closed with its worker processes at the end of the module."""
    distributed = pytest.importorskip("distributed", reason=f"Dask is not installed ({INSTALL})")
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None,
                                  scheduler_port=0) as local:
        yield local
    assert all(not w.process.is_alive() for w in local.workers.values() if w.process is not None)


@pytest.fixture(scope="module")
def pool_records() -> list[list[dict]]:
    """The reference: each run of ``RUNS`` on a local pool of two processes."""
    with ProcessPoolExecutor(2) as pool:
        return [run_games(slug, games, players, seed=SEED, executor=pool) for slug, games, players in RUNS]


def played_on(cluster) -> int:
    """How many tasks the cluster's worker processes have run so far, all of them together."""
    from distributed import Client

    with Client(cluster.scheduler_address) as client:
        return sum(client.run(lambda dask_worker: dask_worker.state.executed_count).values())


def test_games_on_the_cluster_are_the_games_of_a_process_pool(cluster, pool_records):
    before = played_on(cluster)
    with executor_for(cluster.scheduler_address) as executor:
        records = [run_games(slug, games, players, seed=SEED, executor=executor) for slug, games, players in RUNS]
    assert records == pool_records
    for run in records:
        assert [r["seed"] for r in run] == [SEED + i for i in range(len(run))]  # in game order
    assert played_on(cluster) - before == sum(games for _, games, _ in RUNS)  # each game was a task there


def test_capture_simulate_with_a_scheduler_writes_what_local_workers_write(cluster, tmp_path, capsys):
    slug, games, players = RUNS[0]
    common = ["simulate", slug, "--games", str(games), "--players", *players, "--seed", str(SEED)]
    assert cli.main([*common, "--scheduler", cluster.scheduler_address, "--out", str(tmp_path / "cluster.jsonl")]) == 0
    assert cli.main([*common, "--workers", "2", "--out", str(tmp_path / "local.jsonl")]) == 0
    assert (tmp_path / "cluster.jsonl").read_bytes() == (tmp_path / "local.jsonl").read_bytes()
    meta, records = load(tmp_path / "cluster.jsonl")
    assert meta["players"] == list(players) and len(records) == games
    assert capsys.readouterr().out.count("seat 0 (rule): wins") == 2


def test_analysis_with_a_scheduler_writes_what_local_workers_write(cluster, tmp_path, monkeypatch):
    real_run = analysis.run
    for where, how in (("cluster", ["--scheduler", cluster.scheduler_address]), ("local", ["--workers", "2"])):
        # main writes under results/; the test's files go to a folder of its own
        monkeypatch.setattr(analysis, "run", partial(real_run, root=tmp_path / where))
        assert analysis.main(["--only", EXPERIMENT, "--scale", str(SCALE), *how]) == 0
    path = analysis.EXPERIMENTS[EXPERIMENT][0]
    assert (tmp_path / "cluster" / path).read_bytes() == (tmp_path / "local" / path).read_bytes()
    assert len(load(tmp_path / "cluster" / path)[1]) == 2


def test_a_scheduler_and_a_number_of_workers_together_are_refused(capsys):
    with pytest.raises(ValueError, match="not both"):
        with executor_for("tcp://127.0.0.1:8786", workers=2):
            pass
    with pytest.raises(SystemExit) as info:
        cli.main(["simulate", "card-commander", "--games", "2", "--scheduler", "tcp://127.0.0.1:8786",
                  "--workers", "2"])
    assert info.value.code == 2 and "capture simulate: error: --workers sizes the local" in capsys.readouterr().err


def test_no_workers_is_refused():
    with pytest.raises(ValueError, match="1 or more"):
        with executor_for(workers=0):
            pass


def test_without_dask_the_error_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # what ``import distributed`` meets where it is missing
    with pytest.raises(ClusterError, match=r'pip install "capture_lib\[cluster\]"'):
        connect("tcp://127.0.0.1:8786")


def test_no_scheduler_at_the_address_is_a_clear_error():
    pytest.importorskip("distributed", reason=f"Dask is not installed ({INSTALL})")
    with socket.socket() as free:  # a port that nothing listens on
        free.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{free.getsockname()[1]}"
    with pytest.raises(ClusterError, match="no Dask scheduler answers at"):
        connect(address, timeout=1)
