"""Where simulated games run: a local process pool, or the workers of a Dask cluster.

``capture simulate`` and ``python -m capture_lib.experiments.analysis`` both get their executor from
``executor_for``: ``--workers K`` sizes the local pool, ``--scheduler ADDRESS`` sends every game to
the Dask scheduler at that address instead (``distributed.Client(ADDRESS).get_executor()``). Dask is
an optional extra (``pip install "capture_lib[cluster]"``), imported only when a scheduler is named.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

INSTALL = 'pip install "capture_lib[cluster]"'


class ClusterError(RuntimeError):
    """The cluster cannot be used: Dask is not installed, or no scheduler answers at the address."""


def connect(scheduler: str, timeout: float = 30) -> Any:
    """A ``distributed.Client`` connected to the Dask scheduler at ``scheduler`` (``tcp://HOST:8786``).

    Raises ``ClusterError`` saying what to do when Dask is missing or nothing answers within ``timeout`` seconds.
    """
    try:
        from distributed import Client
    except ImportError as err:
        raise ClusterError(f"running on a Dask scheduler needs Dask: {INSTALL}") from err
    try:
        return Client(scheduler, timeout=timeout)
    except OSError as err:  # distributed's own: "Timed out trying to connect to ..." (TimeoutError is one too)
        raise ClusterError(f"no Dask scheduler answers at {scheduler}: {err}") from err


@contextmanager
def executor_for(scheduler: str | None = None, workers: int | None = None) -> Iterator[Executor]:
    """The executor to play games on, closed (and the cluster connection with it) when the block ends.

    Without ``scheduler``: a local ``ProcessPoolExecutor`` of ``workers`` processes (default: one per
    core). With it: the executor of a ``distributed.Client`` connected to that address, which runs each
    game as one task on the cluster's workers and gives the results back in the order they were asked
    for. A cluster's size is set where its workers start (``dask worker --nworkers N``), so ``workers``
    must then be left out.
    """
    if scheduler is None:
        if workers is not None and workers < 1:
            raise ValueError(f"workers must be 1 or more, not {workers}")
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield pool
        return
    if workers is not None:
        raise ValueError("workers sizes the local process pool; a cluster's workers are set by `dask worker "
                         "--nworkers N`, so give a scheduler or a number of workers, not both")
    client = connect(scheduler)
    try:
        yield client.get_executor()
    finally:
        client.close()  # releases the executor's tasks too: a run stopped half-way leaves nothing queued
