"""Where Dask runs a computation: a local scheduler by name, or a ``dask.distributed`` address.

A scheduler that cannot run the work is refused before any work starts, in one sentence.
:func:`compute` runs a list of Dask tasks (the seeded chunks of games of the Bluff tournaments and
the backgammon matches) on one, with progress.
"""

from __future__ import annotations

import os
import sys

from analysis.errors import InvalidArgument
from analysis.extras import need
from analysis.progress import Progress

#: Dask's local schedulers, named rather than addressed.
LOCAL_SCHEDULERS = ("processes", "threads", "sync", "synchronous", "single-threaded")
#: The address forms ``dask.distributed`` connects to.
ADDRESS_PREFIXES = ("tcp://", "tls://", "inproc://", "ucx://")


def check_scheduler(scheduler) -> None:
    """Refuse a scheduler that cannot run the work: a name Dask does not have, or a ``tls://``
    address without the client's certificates in Dask's configuration (``distributed`` would
    fail with a TypeError deep inside its connection code). A ``distributed.Client`` passes.

    >>> check_scheduler("tls://10.0.0.5:8786")
    Traceback (most recent call last):
    ...
    analysis.errors.InvalidArgument: The scheduler tls://10.0.0.5:8786 needs TLS certificates; set distributed.comm.tls.ca-file, distributed.comm.tls.client.cert and distributed.comm.tls.client.key in Dask's configuration, or use a tcp:// address.
    """
    if not isinstance(scheduler, str) or scheduler in LOCAL_SCHEDULERS:
        return
    if not scheduler.startswith(ADDRESS_PREFIXES):
        raise InvalidArgument(f"'{scheduler}' is not a scheduler; use processes, threads, sync or "
                              "a dask.distributed address such as tcp://host:8786.")
    if scheduler.startswith("tls://"):
        # lazy: keeps asyncio, dask and numpy out of a table question's start-up
        from distributed.security import Security

        if Security().get_connection_args("client")["ssl_context"] is None:
            raise InvalidArgument(f"The scheduler {scheduler} needs TLS certificates; set "
                                  "distributed.comm.tls.ca-file, distributed.comm.tls.client.cert and "
                                  "distributed.comm.tls.client.key in Dask's configuration, or use a tcp:// address.")


def workers(scheduler, tasks: int) -> int | None:
    """How many of ``tasks`` run at once on ``scheduler`` (None: a cluster's, unknown here)."""
    if scheduler is None or scheduler in ("processes", "threads"):
        return max(1, min(tasks, os.cpu_count() or 1))
    return 1 if scheduler in LOCAL_SCHEDULERS else None


def compute(delayed_parts, scheduler, label: str = "playing games", purpose: str = "A tournament") -> list:
    """Run Dask tasks (each a list of chunks) on the named scheduler; returns the chunks in order.

    On Dask's local schedulers progress counts the finished tasks: a bar in a terminal, a line
    every few seconds in a log or a pipe; a ``dask.distributed`` cluster has its own dashboard.
    ``purpose`` starts the sentence when Dask is not installed.
    """
    dask = need("dask", purpose)

    if scheduler is None or scheduler in LOCAL_SCHEDULERS:
        Callback = need("dask.callbacks", purpose).Callback

        scheduler = scheduler or "processes"
        options = {"num_workers": workers(scheduler, len(delayed_parts))} if scheduler == "processes" else {}
        tasks = {part.key for part in delayed_parts}
        finished = Callback(posttask=lambda key, *_: bar.advance() if key in tasks else None)
        with Progress(f"odds: {label}", total=len(delayed_parts), stream=sys.stderr) as bar, finished:
            groups = dask.compute(*delayed_parts, scheduler=scheduler, **options)
    elif isinstance(scheduler, str):
        check_scheduler(scheduler)
        Client = need("distributed", f"{purpose} on a dask.distributed cluster").Client

        try:
            with Client(scheduler, timeout="10s") as client:
                groups = dask.compute(*delayed_parts, scheduler=client)
        except OSError as error:
            raise InvalidArgument(f"Cannot reach the Dask scheduler at {scheduler} ({error}).") from None
    else:
        groups = dask.compute(*delayed_parts, scheduler=scheduler)  # a distributed.Client
    return [chunk for group in groups for chunk in group]
