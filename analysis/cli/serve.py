"""``odds serve``: the local web page with every game's questions (docs/serve.md)."""

from __future__ import annotations

import os
import sys
import threading

from analysis.cli.common import bounded
from analysis.errors import InvalidArgument

PORT = bounded(int, 1, 65535, "the port")
#: Seconds an answer in progress has to finish once Ctrl-C is pressed (the server is gone within 2 s).
GRACE_S = 0.5
#: Seconds a connection refused for its length stays open, reading and dropping the rest of its request.
CLOSE_AFTER_S = 1.0


def register(subparsers) -> None:
    parser = subparsers.add_parser("serve", help="a local web page for every game's questions, made for a phone")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every network)")
    parser.add_argument("--port", type=PORT, default=8000, help="port, 1-65535 (default 8000)")
    parser.set_defaults(handler=_serve)


def is_loopback(host: str) -> bool:
    """Does ``host`` reach this machine only?

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("::1"), is_loopback("0.0.0.0")
    (True, True, True, False)
    """
    import ipaddress  # lazy: only odds serve reads an address; the command line's start-up skips it

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _check_free(host: str, port: int) -> None:
    """A host that does not resolve or a port already taken is one sentence before the server starts."""
    import socket  # lazy: only odds serve opens a socket; the command line's start-up skips it

    if not host.strip():
        raise InvalidArgument("The host is empty; give an address to listen on, e.g. 127.0.0.1.")
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    except (socket.gaierror, UnicodeError):
        raise InvalidArgument(f"'{host}' is not an address of this machine to listen on; try 127.0.0.1.") from None
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            raise InvalidArgument(f"Cannot listen on {host}:{port}: {(error.strerror or str(error)).lower()}; "
                                  f"choose another --port or --host.") from None


def _serve(args) -> int:
    from analysis.extras import need  # lazy: only odds serve checks its extras; the command line's start-up skips it

    uvicorn = need("uvicorn", "odds serve")
    need("starlette", "odds serve")
    need("jinja2", "odds serve")
    _check_free(args.host, args.port)
    from analysis.web.app import create_app  # lazy: keeps asyncio and the web stack out of the command line's start-up

    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(f"odds serve: http://{shown}:{args.port}/ (Ctrl-C stops it)", flush=True)
    if not is_loopback(args.host):
        print(f"odds serve: listening on {args.host}, not only this machine: anyone who can reach it on port "
              f"{args.port} (your network, or further) can use these pages.", flush=True)
    from analysis.web.app import stop  # lazy: keeps asyncio and the web stack out of the command line's start-up

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame):
            # Ctrl-C: every job's process ends and work in progress stops at its next step now, not
            # after the answers in progress have had their grace.
            stop()
            super().handle_exit(sig, frame)

    config = uvicorn.Config(create_app(), host=args.host, port=args.port, log_level="warning", access_log=False,
                            timeout_graceful_shutdown=GRACE_S, http=_protocol())
    try:
        Server(config).run()
    except KeyboardInterrupt:       # the Ctrl-C the server caught, raised again once it has stopped
        pass
    print("odds serve: stopped.", flush=True)
    if any(thread.is_alive() and not thread.daemon for thread in threading.enumerate()
           if thread is not threading.main_thread()):
        # A computation with no steps (a kernel call) is still running in a worker thread: it is
        # abandoned, not waited for, so that Ctrl-C always stops the server at once.
        sys.stderr.flush()
        os._exit(0)
    return 0


def _protocol():
    """The HTTP/1.1 reader, which answers a request too long to read (an address of 100 kB or more:
    more than the reader keeps) with the pages' own 414 sentence, not a bare "Invalid HTTP request"."""
    import asyncio  # lazy: keeps asyncio out of the command line's start-up

    import h11  # lazy: keeps uvicorn out of the command line's start-up
    # lazy: keeps asyncio and uvicorn out of the command line's start-up
    from uvicorn.protocols.http.h11_impl import H11Protocol

    # lazy: keeps asyncio and the web stack out of the command line's start-up
    from analysis.web.app import TOO_LONG_PAGE
    from analysis.web.forms import MAX_QUERY  # lazy: keeps web.forms out of the command line's start-up

    class Protocol(H11Protocol):
        refused = False

        def data_received(self, data: bytes) -> None:
            if not self.refused:        # the rest of a refused request is read and dropped
                super().data_received(data)

        def send_400_response(self, msg: str) -> None:
            if len(self.conn.trailing_data[0]) <= MAX_QUERY:
                super().send_400_response(msg)
                return
            headers = [(b"content-type", b"text/html; charset=utf-8"), (b"connection", b"close")]
            for event in (h11.Response(status_code=414, headers=headers, reason=b"URI Too Long"),
                          h11.Data(data=TOO_LONG_PAGE.encode()), h11.EndOfMessage()):
                self.transport.write(self.conn.send(event))
            # Closed a moment later, not at once: closing while the client still sends the rest of
            # its address would reset the connection before it reads this answer.
            self.refused = True
            asyncio.get_running_loop().call_later(CLOSE_AFTER_S, self.transport.close)

    return Protocol
