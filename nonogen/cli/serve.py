"""``nonogen serve``: the HTTP API and the web page."""

from __future__ import annotations

from typing import Annotated

import typer

from nonogen.cli.options import Scheduler
from nonogen.cli.root import command, err


def _origins(values: list[str] | None) -> list[str]:
    """The --cors-origin values as browsers send them; a usage error for one that is not."""
    from nonogen.service.limits import cors_origin  # noqa: PLC0415  (only when serving)

    try:
        return [cors_origin(value) for value in values or []]
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None


@command
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")
    ] = 8000,
    cors_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--cors-origin",
            metavar="URL",
            callback=_origins,
            help="Let web pages from this origin (e.g. https://example.com) call the API from "
            "a browser (CORS); repeat for more. Default: none, only the service's own page.",
        ),
    ] = None,
    scheduler: Scheduler = None,
) -> None:
    """Serve the HTTP API (docs at /docs) and the web page (make, edit, play) at /."""
    from nonogen.backends import Backend  # noqa: PLC0415
    from nonogen.service import Limits  # noqa: PLC0415  (the web stack)
    from nonogen.service import serve as run_server  # noqa: PLC0415

    if scheduler:
        Backend("dask", scheduler=scheduler)  # checks the address: a usage error if malformed
    where = f"; jobs on the Dask cluster at {scheduler}" if scheduler else ""
    err(f"nonogen: serving on http://{host}:{port}/{where} (Ctrl-C stops)")
    limits = Limits(cors_origins=tuple(cors_origin or ()), scheduler=scheduler or "")
    run_server(host, port, limits=limits)
