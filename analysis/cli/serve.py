"""``odds serve``: the local web page with every game's questions (docs/serve.md)."""

from __future__ import annotations

from analysis.cli.common import bounded
from analysis.errors import InvalidArgument

PORT = bounded(int, 1, 65535, "the port")
#: Seconds an answer in progress has to finish once Ctrl-C is pressed.
GRACE_S = 3


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
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _check_free(host: str, port: int) -> None:
    """A host that does not resolve or a port already taken is one sentence before the server starts."""
    import socket

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
    from analysis.extras import need

    uvicorn = need("uvicorn", "odds serve")
    need("starlette", "odds serve")
    need("jinja2", "odds serve")
    _check_free(args.host, args.port)
    from analysis.web.app import create_app

    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(f"odds serve: http://{shown}:{args.port}/ (Ctrl-C stops it)", flush=True)
    if not is_loopback(args.host):
        print(f"odds serve: listening on {args.host}, not only this machine: anyone who can reach it on port "
              f"{args.port} (your network, or further) can use these pages.", flush=True)
    # Ctrl-C: answers in progress get a few seconds to finish, then the server stops regardless
    # (a long simulation is abandoned rather than waited for).
    uvicorn.run(create_app(), host=args.host, port=args.port, log_level="warning", access_log=False,
                timeout_graceful_shutdown=GRACE_S)
    print("odds serve: stopped.")
    return 0
