"""`judge serve`: the web app on waitress, or on gunicorn worker processes with `--workers N`.

Never Flask's debug mode unless --debug is asked for. With several workers the search index is built (or
found up to date) once, before any worker starts; each worker then opens the same read-only index.
"""
from __future__ import annotations

import os
import sys


SWITCH_INTERVAL_S = 0.001

def register(subparsers) -> None:
    p = subparsers.add_parser("serve", help="run the web app (default http://127.0.0.1:5000)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=5000)
    p.add_argument("--threads", type=int, default=16,
                   help="threads per worker process (scenario runs may hold three quarters of them)")
    p.add_argument("--workers", type=int, default=1,
                   help="worker processes sharing one prebuilt index (gunicorn; where gunicorn is not "
                        "available, one waitress process with threads × workers threads)")
    p.add_argument("--debug", action="store_true", help="Flask's development server with the debugger")
    p.set_defaults(func=serve)


def serve(args) -> int:
    from judge_app.cli import UsageError

    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be 0..65535, not {args.port}")
    if args.threads < 1:
        raise UsageError("--threads must be at least 1")
    if not 1 <= args.workers <= 64:
        raise UsageError("--workers must be 1..64")
    if args.debug:
        from .app import create_app

        create_app().run(host=args.host, port=args.port, debug=True)
        return 0
    if args.workers > 1 and _gunicorn_available():
        return _serve_gunicorn(args)
    threads = args.threads * args.workers
    if args.workers > 1:
        print(f"judge: gunicorn is not available here: one waitress process with {threads} threads",
              file=sys.stderr)
    return _serve_waitress(args.host, args.port, threads)


def _gunicorn_available() -> bool:
    if os.name != "posix":
        return False
    try:
        import gunicorn  # noqa: F401
    except ImportError:
        return False
    return True


def _serve_waitress(host: str, port: int, threads: int) -> int:
    from waitress.server import create_server

    from . import runner
    from .app import create_app

    app = create_app()
    runner.limit_threads(threads)
    # waitress reads (and spools) a whole body before the app sees it: its own cap refuses a body announced
    # or sent beyond DRAIN_MAX_BYTES (2 MiB) without reading it, with its own plain-text 413. Bodies between
    # the app's limit and that cap are read and get the app's 413 JSON.
    server = create_server(app, host=host, port=port, threads=threads, clear_untrusted_proxy_headers=True,
                           max_request_body_size=app.config["DRAIN_MAX_BYTES"] + 1)   # waitress refuses >= its cap
    # Short GIL turns: a search waiting behind other requests' Python code gets the interpreter within
    # about a millisecond instead of five (the default), which is what keeps its p99 low under load.
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    print(f"judge: serving on http://{host}:{server.effective_port}/", file=sys.stderr, flush=True)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0


def _serve_gunicorn(args) -> int:
    import socket   # here: every other command registers `serve` without loading the socket module

    from gunicorn.app.base import BaseApplication

    from rulings import index

    index.ensure()   # once, here: the workers only open it (and never race to build it)
    # The listening socket is made here so that `--port 0` can be reported before the workers start.
    listener = socket.create_server((args.host, args.port), backlog=2048, reuse_port=False)
    listener.set_inheritable(True)
    port = listener.getsockname()[1]

    class JudgeApplication(BaseApplication):
        def load_config(self):
            settings = {"bind": [f"fd://{listener.fileno()}"], "workers": args.workers, "threads": args.threads,
                        "worker_class": "gthread", "preload_app": False, "accesslog": None,
                        "graceful_timeout": 10, "timeout": 60, "proc_name": "judge"}
            if "control_socket_disable" in self.cfg.settings:   # gunicorn ≥ 25: no shared ~/.gunicorn socket
                settings["control_socket_disable"] = True
            for key, value in settings.items():
                self.cfg.set(key, value)

        def load(self):
            from . import runner
            from .app import create_app

            runner.limit_threads(args.threads)   # per worker process: its own admission and scenario workers
            return create_app()   # in each worker: its own searcher and file handles

    print(f"judge: serving on http://{args.host}:{port}/ ({args.workers} worker processes)",
          file=sys.stderr, flush=True)
    sys.setswitchinterval(SWITCH_INTERVAL_S)   # inherited by the forked workers (see _serve_waitress)
    JudgeApplication().run()
    return 0
