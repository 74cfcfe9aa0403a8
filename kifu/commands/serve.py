"""``kifu serve``: the explorer of a corpus index in the browser (the ``serve`` extra:
Starlette on uvicorn)."""
from __future__ import annotations

import click

from kifu.commands.corpusio import corpus_errors


@click.command()
@click.argument("index", type=click.Path(dir_okay=False))
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (127.0.0.1: this machine alone; 0.0.0.0: every "
                   "network the machine is on).")
@click.option("--port", type=click.IntRange(0, 65535), default=8040, show_default=True,
              help="The port to listen on (0: any free port).")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Server processes answering at once, each opening the index read-only "
                   "(one per core serves many clients best).")
def serve(index: str, host: str, port: int, workers: int) -> None:
    """Explore a corpus index in the browser.

    Serves an opening explorer, a list of the records and a search of INDEX (made by kifu
    index) at http://HOST:PORT/, and the JSON API the page uses under /api/ (described at
    /api/openapi.json).  The index is opened read-only.  Ctrl-C stops the server.
    """
    try:
        import uvicorn

        from kifu.serve import create_app
    except ImportError as error:
        from kifu.base.extras import install_hint

        raise click.ClickException(f"kifu serve needs the serve extra ({error.name} is not "
                                   f"installed): {install_hint('serve')}") from None
    with corpus_errors(index):
        app = create_app(index, warm=workers == 1)
    if workers > 1:
        _workers(index, host, port, workers)
        return
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                            server_header=False, timeout_graceful_shutdown=5)
    server = uvicorn.Server(config)

    async def announced() -> None:
        # The address is said once the socket listens (with port 0, the port it was given).
        config.load()
        server.lifespan = config.lifespan_class(config)
        await server.startup()
        if server.should_exit:
            raise click.ClickException(f"kifu serve could not listen on {host}:{port}")
        _announce(index, server.servers[0].sockets[0].getsockname())
        await server.main_loop()
        await server.shutdown()

    import asyncio

    try:
        with server.capture_signals():
            asyncio.run(announced())
    except KeyboardInterrupt:
        pass
    click.echo("kifu serve: stopped")


def _announce(index: str, bound: tuple[str, int]) -> None:
    """The address served, once the socket listens (with port 0, the port it was given)."""
    shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
    click.echo(f"kifu serve: {index} at http://{shown}:{bound[1]}/ (Ctrl-C stops it)")


def _workers(index: str, host: str, port: int, workers: int) -> None:
    """``workers`` server processes on one socket (uvicorn's supervisor), each importing the
    application and opening the index itself, named by the environment."""
    import os

    import uvicorn
    from uvicorn.supervisors import Multiprocess

    from kifu.serve.app import INDEX_VARIABLE

    os.environ[INDEX_VARIABLE] = os.path.abspath(index)
    config = uvicorn.Config("kifu.serve.app:from_environment", factory=True, host=host,
                            port=port, workers=workers, log_level="warning", access_log=False,
                            server_header=False, timeout_graceful_shutdown=5)
    try:
        sock = config.bind_socket()
    except SystemExit:
        raise click.ClickException(f"kifu serve could not listen on {host}:{port}") from None
    _announce(index, sock.getsockname())
    Multiprocess(config, sockets=[sock]).run()
    click.echo("kifu serve: stopped")
