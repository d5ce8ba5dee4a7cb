"""`judge serve`: the web app on waitress (never Flask's debug mode unless --debug is asked for)."""
from __future__ import annotations

import sys


def register(subparsers) -> None:
    p = subparsers.add_parser("serve", help="run the web app (default http://127.0.0.1:5000)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=5000)
    p.add_argument("--threads", type=int, default=8, help="waitress worker threads")
    p.add_argument("--debug", action="store_true", help="Flask's development server with the debugger")
    p.set_defaults(func=serve)


def serve(args) -> int:
    from judge_app.cli import UsageError

    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be 0..65535, not {args.port}")
    if args.threads < 1:
        raise UsageError("--threads must be at least 1")
    from . import create_app

    app = create_app()
    if args.debug:
        app.run(host=args.host, port=args.port, debug=True)
        return 0
    from waitress.server import create_server

    # waitress reads (and spools) a whole body before the app sees it: its own cap refuses a body announced
    # or sent beyond twice the app's limit at once. Bodies between the two get the app's 413 JSON.
    server = create_server(app, host=args.host, port=args.port, threads=args.threads,
                           clear_untrusted_proxy_headers=True,
                           max_request_body_size=2 * app.config["MAX_CONTENT_LENGTH"])
    print(f"judge: serving on http://{args.host}:{server.effective_port}/", file=sys.stderr, flush=True)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0
