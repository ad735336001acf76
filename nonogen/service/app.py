"""The HTTP API and the web page: FastAPI routes over the service's jobs.

POST /api/puzzles                  picture + make options (colors: a colour puzzle) -> puzzle
                                   JSON and links
GET  /api/puzzles/{id}.json|.png|.pdf, /api/puzzles/{id}/solution.pdf
POST /api/check                    puzzle in any format (colour too) -> verdict, clues, goal
POST /api/convert?to=FORMAT        puzzle in any format -> that format (colour: json or xml)
POST /api/pdf                      puzzle JSON (colour too) + page options -> PDF
POST /api/hint                     clues + a player's grid -> the next step (line, probe, search)
POST /api/fix                      a drawn grid -> flips or givens that make it unique, logic-only
GET  /api/health                   liveness, load and limits (HEAD too)
GET  /                             the web page (Make, Edit, Play); /docs the API docs
"""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Annotated, Any, Final, Literal, TypeVar, cast

import anyio.to_thread
from fastapi import APIRouter, Depends, FastAPI, File, Form, Query, Request, UploadFile
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.datastructures import UploadFile as FormFile
from starlette.exceptions import HTTPException

from nonogen import __version__
from nonogen.errors import BusyError, InputError, NonogenError
from nonogen.formats import check_title
from nonogen.pdf import PageOptions
from nonogen.service.answers import (
    FixAnswer,
    FixRequest,
    GalleryAnswer,
    HintAnswer,
    MadeAnswer,
    MosaicAnswer,
)
from nonogen.service.bodies import BodyGate, Gauges
from nonogen.service.downloads import attachment, links, stem
from nonogen.service.errors import (
    BodyLimit,
    on_bug,
    on_http_error,
    on_nonogen_error,
    on_validation_error,
)
from nonogen.service.forms import HintRequest, MakeForm, MosaicForm, PdfRequest
from nonogen.service.headers import SecurityHeaders
from nonogen.service.jobs import (
    check_job,
    convert_job,
    fix_job,
    gallery_job,
    hint_job,
    make_job,
    mosaic_job,
    pdf_from_json,
    pdf_job,
    warm,
    warm_heavy,
    warm_puzzles,
)
from nonogen.service.limits import Limits
from nonogen.service.openapi import (
    BAD_INPUT,
    CONVERTED,
    ERRORS,
    JSON_FILE,
    NOT_MADE,
    PDF,
    PNG,
    UNKNOWN_ID,
    UPLOAD_BODY,
    download,
)
from nonogen.service.runner import Runner
from nonogen.service.store import Store
from nonogen.wording import utf8_safe

STATIC: Final = Path(__file__).parent / "static"
"""The web page's files: plain HTML, CSS and JavaScript, no build step."""
DOCS_FILES: Final = "/static-offline-docs"
"""Where fastapi-offline serves Swagger UI's and ReDoc's files (static/docs.html loads them)."""
MEDIA: Final = {"json": "application/json", "xml": "application/xml"}
EXTENSIONS: Final = {"json": "json", "non": "non", "xml": "xml", "text": "txt", "r": "txt"}


T = TypeVar("T")


@dataclass
class Service:
    """What every request shares: the limits, the kept puzzles, the job runners of the three
    lanes (pictures; quick puzzle jobs: check, convert, PDF, hint; expensive ones: fixes, and
    checks and hints not settled within ``Limits.quick_seconds``) and what requests hold."""

    limits: Limits
    store: Store
    pictures: Runner
    puzzles: Runner
    gauges: Gauges
    heavy: Runner
    heavy_clients: Counter[str] = field(default_factory=Counter)
    """Expensive jobs running, by client address."""

    def lanes(self) -> dict[str, Runner]:
        """The runners by lane name."""
        return {"pictures": self.pictures, "puzzles": self.puzzles, "expensive": self.heavy}

    async def expensive(self, request: Request, job: Callable[..., T], *args: Any) -> T:
        """Run an expensive job in its lane, at most ``Limits.client_heavy`` a client at once
        (BusyError past it: a client cannot take every expensive slot)."""
        client = request.client.host if request.client else ""
        running = self.heavy_clients[client]
        if running >= self.limits.client_heavy:
            raise BusyError(
                f"this client already has {running} expensive jobs running (fixes, hard or "
                f"large checks and hints), the most it may; retry in "
                f"{self.limits.retry_after} s, once one is done",
                self.limits.retry_after,
            )
        self.heavy_clients[client] += 1
        try:
            return await self.heavy.run(job, *args)
        finally:
            self.heavy_clients[client] -= 1
            if not self.heavy_clients[client]:
                del self.heavy_clients[client]

    async def quick_first(
        self, request: Request, job: Callable[..., dict[str, Any]], *args: Any, unsettled: str
    ) -> dict[str, Any]:
        """A check or hint (``job(*args, limits)``) tried first in the quick lane with
        ``Limits.quick_seconds``; an answer whose status is ``unsettled`` (it ran out of that
        time) goes on in the expensive lane with the whole budget."""
        seconds = min(self.limits.quick_seconds, self.limits.solver_seconds)
        answer = await self.puzzles.run(job, *args, replace(self.limits, solver_seconds=seconds))
        if answer["status"] != unsettled or seconds >= self.limits.solver_seconds:
            return answer
        return await self.expensive(request, job, *args, self.limits)


def service(request: Request) -> Service:
    """The service of the app that serves the request."""
    return cast(Service, request.app.state.service)


ServiceDep = Annotated[Service, Depends(service)]
PuzzleId = Annotated[str, PathParam(description="The id POST /api/puzzles answered.")]
FormatQuery = Annotated[
    str | None,
    Query(alias="format", description="Input format: json, jsonl, non, xml, text or r."),
]


router = APIRouter(prefix="/api", tags=["nonogen"], responses=ERRORS)


@router.post(
    "/puzzles",
    response_model=MadeAnswer,
    response_model_exclude_unset=True,  # palette only for colour, solution_pdf only if unique
    responses={**BAD_INPUT, **NOT_MADE},
)
async def make_puzzle(
    svc: ServiceDep,
    picture: Annotated[
        UploadFile, File(description="PNG, JPEG, GIF, WebP, BMP, TIFF, HEIC/HEIF or AVIF.")
    ],
    form: Annotated[MakeForm, Form()],
) -> dict[str, Any]:
    """Turn a picture into a unique puzzle, black and white or (with colors) colour, that
    logic alone solves; the puzzle JSON, its verdict and download links."""
    options = form.options(svc.limits)
    options.target()
    name = utf8_safe(picture.filename or "picture")
    check_title(Path(name).stem, "the picture's file name (the puzzle's title)")
    data = await picture.read()
    made = await svc.pictures.run(make_job, data, name, options, svc.limits)
    ident = svc.store.put(made)
    return {"id": ident, **made.record, "links": links(ident, made)}


@router.post(
    "/conversions",
    response_model=GalleryAnswer,
    response_model_exclude_unset=True,
    responses=BAD_INPUT,
)
async def conversions(
    svc: ServiceDep,
    picture: Annotated[
        UploadFile, File(description="PNG, JPEG, GIF, WebP, BMP, TIFF, HEIC/HEIF or AVIF.")
    ],
    form: Annotated[MakeForm, Form()],
) -> dict[str, Any]:
    """The studio's gallery: the picture's best conversions drawn at the size (and colours)
    asked, the choice model's pick first, none repaired; give a choice's key as `candidate`
    to POST /api/puzzles to make it."""
    options = form.options(svc.limits)
    name = utf8_safe(picture.filename or "picture")
    data = await picture.read()
    return await svc.pictures.run(gallery_job, data, name, options, svc.limits)


@router.post(
    "/mosaics",
    response_model=MosaicAnswer,
    response_model_exclude_unset=True,
    responses={**BAD_INPUT, **NOT_MADE},
)
async def make_mosaic(
    svc: ServiceDep,
    picture: Annotated[UploadFile, File(description="PNG, JPEG, GIF, WebP, BMP or TIFF.")],
    form: Annotated[MosaicForm, Form()],
) -> dict[str, Any]:
    """Turn a big picture into a set of black-and-white puzzles, one per tile, each unique
    and solvable by logic alone on its own (no change crosses a tile's edge); every tile is
    kept and linked like a made puzzle."""
    options = form.mosaic_options(svc.limits)
    name = utf8_safe(picture.filename or "picture")
    check_title(Path(name).stem, "the picture's file name (the mosaic's title)")
    data = await picture.read()
    record, tiles = await svc.pictures.run(mosaic_job, data, name, options, svc.limits)
    kept = [(svc.store.put(made), made) for made in tiles]
    answers = [{"id": ident, **made.record, "links": links(ident, made)} for ident, made in kept]
    return {**record, "tiles": answers}


@router.get(
    "/puzzles/{puzzle_id}.json",
    response_class=Response,
    responses={**download(JSON_FILE, "The puzzle"), **UNKNOWN_ID},
)
async def puzzle_json(svc: ServiceDep, puzzle_id: PuzzleId) -> Response:
    """A made puzzle as a nonogen JSON file."""
    made = svc.store.get(puzzle_id)
    return attachment(made.json_text, "application/json", f"{stem(made, puzzle_id)}.json")


@router.get(
    "/puzzles/{puzzle_id}.png",
    response_class=Response,
    responses={**download(PNG, "The preview"), **UNKNOWN_ID},
)
async def puzzle_png(svc: ServiceDep, puzzle_id: PuzzleId) -> Response:
    """A made puzzle's preview: the puzzle, and its solution with the flipped cells marked (a
    colour puzzle: its coloured clues, its solution and the legend of its colours)."""
    return Response(svc.store.get(puzzle_id).png, media_type="image/png")


@router.get(
    "/puzzles/{puzzle_id}.pdf",
    response_class=Response,
    responses={**download(PDF, "The puzzle page"), **UNKNOWN_ID},
)
async def puzzle_pdf(svc: ServiceDep, puzzle_id: PuzzleId) -> Response:
    """A made puzzle's printable page (letter; a colour puzzle's clues on boxes of their
    colours, with a legend)."""
    made = svc.store.get(puzzle_id)
    data = await svc.puzzles.run(pdf_job, made.puzzle, "puzzle", PageOptions())
    return attachment(data, "application/pdf", f"{stem(made, puzzle_id)}.pdf")


@router.get(
    "/puzzles/{puzzle_id}/solution.pdf",
    response_class=Response,
    responses={**download(PDF, "The solution page"), **UNKNOWN_ID},
)
async def solution_pdf(svc: ServiceDep, puzzle_id: PuzzleId) -> Response:
    """A made puzzle's solution page (letter)."""
    made = svc.store.get(puzzle_id)
    data = await svc.puzzles.run(pdf_job, made.puzzle, "solution", PageOptions())
    return attachment(data, "application/pdf", f"{stem(made, puzzle_id)}-solution.pdf")


async def uploaded(request: Request, fmt: str | None) -> tuple[bytes, str, str | None]:
    """A puzzle file from the request: the body, or the multipart field ``file``."""
    if not request.headers.get("content-type", "").startswith("multipart/form-data"):
        return await request.body(), "request body", fmt
    async with request.form() as form:
        field = form.get("file")
        if isinstance(field, FormFile):
            data, name = await field.read(), field.filename or "upload"
        elif isinstance(field, str):
            data, name = field.encode(), "upload"
        else:
            raise InputError('expected the puzzle in a multipart field named "file"')
        chosen = form.get("format")
        return data, name, fmt or (chosen if isinstance(chosen, str) and chosen else None)


@router.post("/check", openapi_extra=UPLOAD_BODY, responses=BAD_INPUT)
async def check(request: Request, svc: ServiceDep, fmt: FormatQuery = None) -> dict[str, Any]:
    """Solve a puzzle: status (none, unique, multiple with the differing cells, unknown),
    line-solvable, difficulty, tier, seconds, and its clues and goal for the editor."""
    data, name, fmt = await uploaded(request, fmt)
    return await svc.quick_first(request, check_job, data, name, fmt, unsettled="unknown")


@router.post(
    "/convert",
    openapi_extra=UPLOAD_BODY,
    response_class=Response,
    responses={**download(CONVERTED, "The puzzle in that format"), **BAD_INPUT},
)
async def convert(
    request: Request,
    svc: ServiceDep,
    to: Annotated[Literal["json", "non", "xml", "text", "r"], Query(description="Output format.")],
    fmt: FormatQuery = None,
) -> Response:
    """Convert a puzzle between the formats nonogen reads and writes; a colour puzzle (nonogen
    JSON with a palette, webpbn colour XML) to json or xml only (400 for the others)."""
    data, name, fmt = await uploaded(request, fmt)
    text = await svc.puzzles.run(convert_job, data, name, fmt, to, svc.limits)
    return attachment(text, MEDIA.get(to, "text/plain"), f"puzzle.{EXTENSIONS[to]}")


@router.post("/pdf", response_class=Response, responses={**download(PDF, "The PDF"), **BAD_INPUT})
async def pdf(svc: ServiceDep, body: PdfRequest) -> Response:
    """A printable PDF of a puzzle, black and white or colour: its page, its solution page,
    or both (a key only for a puzzle with exactly one solution)."""
    options = PageOptions(body.page_size, body.margin_mm, body.gutter_mm, patterns=body.patterns)
    data = await svc.puzzles.run(
        pdf_from_json, body.puzzle, body.pages, options, svc.limits, body.force_small
    )
    return attachment(data, "application/pdf", "puzzle.pdf")


@router.post(
    "/hint",
    response_model=HintAnswer,
    responses=BAD_INPUT,
    response_model_exclude_unset=True,  # a cell's colour only in a colour puzzle
)
async def hint(request: Request, svc: ServiceDep, body: HintRequest) -> dict[str, Any]:
    """The next step from the player's grid and why (by one line, by trying a cell one way, or
    by search), or that the grid holds a mistake, is solved, has more than one solution from
    here (ambiguous), or that the hint ran out of time (stuck). A colour puzzle gives its
    palette, its blocks as [length, colour name] and its grid in the palette's characters."""
    given = body.model_dump(mode="json", exclude_none=True)
    return await svc.quick_first(request, hint_job, given, unsettled="stuck")


@router.post(
    "/fix",
    response_model=FixAnswer,
    responses=BAD_INPUT,
    response_model_exclude_unset=True,  # a cell's colour only in a colour drawing
)
async def fix(request: Request, svc: ServiceDep, body: FixRequest) -> dict[str, Any]:
    """Few flips or givens that make a drawn grid a unique puzzle solvable by logic alone, and
    the verdict on it; already when it is one, failed when the budget runs out first."""
    given = body.model_dump(mode="json", exclude_none=True)
    return await svc.expensive(request, fix_job, given, svc.limits)


@router.head("/health", include_in_schema=False)
async def health_head() -> Response:
    """Liveness alone, for a load balancer's check: 200 and no body."""
    return Response(status_code=200)


@router.get("/health")
async def health(svc: ServiceDep) -> dict[str, Any]:
    """Liveness, the jobs running, the puzzles kept and the limits."""
    return {
        "status": "ok",
        "version": __version__,
        "jobs_running": sum(runner.running for runner in svc.lanes().values()),
        "lanes": {
            lane: {"jobs_running": runner.running, "in_flight": svc.gauges.in_flight.get(lane)}
            for lane, runner in svc.lanes().items()
        },
        "body_bytes": svc.gauges.body_bytes,
        "puzzles_kept": len(svc.store),
        "bytes_kept": svc.store.bytes,
        "limits": asdict(svc.limits),
    }


async def index() -> FileResponse:
    """The web page."""
    return FileResponse(STATIC / "index.html")


async def docs() -> FileResponse:
    """The API docs: Swagger UI from fastapi-offline's files, started by a script file (not
    inline, as FastAPI's page does, so that the page's CSP allows no inline script)."""
    return FileResponse(STATIC / "docs.html")


def create_app(limits: Limits | None = None) -> FastAPI:
    """The service's app; its job pool starts and stops with the app's lifespan."""
    limits = limits or Limits()
    store = Store(limits.store_size, limits.store_bytes, limits.store_seconds)
    gauges = Gauges()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pictures = Runner(limits, jobs=limits.jobs, warm=warm)
        puzzles = Runner(limits, jobs=limits.quick_jobs, warm=warm_puzzles, cluster=False)
        heavy = Runner(limits, jobs=limits.heavy_jobs, warm=warm_heavy, cluster=False)
        for runner in (pictures, puzzles, heavy):
            await runner.start()
        app.state.service = Service(limits, store, pictures, puzzles, gauges, heavy)
        try:
            yield
        finally:
            for runner in (pictures, puzzles, heavy):
                await anyio.to_thread.run_sync(runner.stop)

    app = FastAPIOffline(
        docs_url=None,  # served below, without an inline script
        static_url=DOCS_FILES,
        title="nonogen",
        version=__version__,
        summary="Turn pictures into nonograms; check, edit and play puzzles.",
        lifespan=lifespan,
    )
    app.add_middleware(BodyGate, limits=limits, gauges=gauges)
    app.add_middleware(BodyLimit, max_bytes=limits.upload_bytes, drain_bytes=limits.drain_bytes)
    if limits.cors_origins:  # outside the limits, so that a browser can read their 413 and 503
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(limits.cors_origins),
            allow_methods=["GET", "POST"],
            allow_headers=["Content-Type"],
            expose_headers=["Content-Disposition", "Retry-After"],
        )
    app.add_middleware(SecurityHeaders)
    app.add_exception_handler(NonogenError, on_nonogen_error)
    app.add_exception_handler(RequestValidationError, on_validation_error)
    app.add_exception_handler(HTTPException, on_http_error)
    app.add_exception_handler(Exception, on_bug)
    app.include_router(router)
    app.add_api_route("/", index, include_in_schema=False)
    app.add_api_route("/docs", docs, include_in_schema=False)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
