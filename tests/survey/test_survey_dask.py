"""The survey on a real Dask cluster: a LocalCluster on 127.0.0.1, its executor handed to
``solvability`` unchanged, gives the same table as the local process pool."""

import pytest

from tripeaks_widget.survey import solvability, summarize

distributed = pytest.importorskip("distributed")

NUMBERS = range(1, 13)
RULES = ["easy", "classic"]


def _ordered(records):
    return sorted(records, key=lambda r: (r["rules"], r["number"]))


def _without_time(records):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in _ordered(records)]


@pytest.mark.parametrize("processes", [False, True])
def test_a_dask_cluster_makes_the_same_table_as_the_local_pool(processes):
    local = list(solvability(NUMBERS, RULES, workers=2))
    with (
        distributed.LocalCluster(
            n_workers=2 if processes else 1,
            threads_per_worker=1,
            processes=processes,
            host="127.0.0.1",
            protocol="tcp",  # TCP on the loopback, threads or processes alike
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        done = []
        remote = list(solvability(NUMBERS, RULES, executor=client.get_executor(), progress=lambda d, t: done.append(d)))
        assert client.run(lambda: 1)  # the cluster's workers answered, and are still up
    assert summarize(_ordered(remote)) == summarize(_ordered(local))
    assert _without_time(remote) == _without_time(local)
    assert done[-1] == len(NUMBERS) * len(RULES)


def test_the_command_runs_on_a_dask_cluster(tmp_path, capsys):
    """``--dask local``: the command starts a cluster of --workers processes and makes the table the
    local pool makes."""
    from tripeaks_widget.survey import main

    args = ["--games", "1-4", "--rules", "easy", "--workers", "1", "--quiet"]
    assert main([*args, "--out", str(tmp_path / "pool.csv")]) == 0
    assert main([*args, "--dask", "local", "--out", str(tmp_path / "dask.csv")]) == 0
    assert "4 deals; 4 solved" in capsys.readouterr().out
    assert (tmp_path / "dask.csv").read_text() == (tmp_path / "pool.csv").read_text()
