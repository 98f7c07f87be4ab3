"""Where Dask runs a computation: a local scheduler by name, or a ``dask.distributed`` address.

A scheduler that cannot run the work is refused before any work starts, in one sentence.
"""

from __future__ import annotations

from analysis.errors import InvalidArgument

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
        from distributed.security import Security

        if Security().get_connection_args("client")["ssl_context"] is None:
            raise InvalidArgument(f"The scheduler {scheduler} needs TLS certificates; set "
                                  "distributed.comm.tls.ca-file, distributed.comm.tls.client.cert and "
                                  "distributed.comm.tls.client.key in Dask's configuration, or use a tcp:// address.")
