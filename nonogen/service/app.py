"""The HTTP API and the web page: FastAPI routes over the service's jobs.

POST /api/puzzles                  picture + make options -> puzzle JSON and links
GET  /api/puzzles/{id}.json|.png|.pdf, /api/puzzles/{id}/solution.pdf
POST /api/check                    puzzle in any format -> verdict, clues, goal
POST /api/convert?to=FORMAT        puzzle in any format -> that format
POST /api/pdf                      puzzle JSON + page options -> PDF
POST /api/hint                     clues + a player's grid -> the next step (line, probe, search)
POST /api/fix                      a drawn grid -> flips or givens that make it unique, logic-only
GET  /api/health                   liveness, load and limits
GET  /                             the web page (Make, Edit, Play); /docs the API docs
"""

from __future__ import annotations

import unicodedata
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass
from pathlib import Path, PurePath
from typing import Annotated, Any, Final, Literal, cast
from urllib.parse import quote

import anyio.to_thread
from fastapi import APIRouter, Depends, FastAPI, File, Form, Query, Request, UploadFile
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from pydantic import BaseModel, ConfigDict, Field
from starlette.datastructures import UploadFile as FormFile
from starlette.exceptions import HTTPException

from nonogen import __version__
from nonogen.errors import InputError, LimitError, NonogenError, utf8_safe
from nonogen.formats import check_title
from nonogen.image.options import MIN_CELLS, PictureOptions
from nonogen.pdf import PageOptions
from nonogen.pipeline import MakeOptions
from nonogen.service.answers import FixAnswer, FixRequest, HintAnswer
from nonogen.service.errors import (
    BodyLimit,
    RequestLimit,
    on_bug,
    on_http_error,
    on_nonogen_error,
    on_validation_error,
)
from nonogen.service.headers import SecurityHeaders
from nonogen.service.jobs import (
    MadePuzzle,
    check_job,
    convert_job,
    fix_job,
    hint_job,
    make_job,
    pdf_from_json,
    pdf_job,
)
from nonogen.service.limits import Limits
from nonogen.service.openapi import (
    BAD_INPUT,
    CLUES,
    CONVERTED,
    ERRORS,
    JSON_FILE,
    NOT_MADE,
    PDF,
    PNG,
    UNKNOWN_ID,
    UPLOAD_BODY,
    download,
    without_null,
)
from nonogen.service.runner import Runner
from nonogen.service.store import Store

STATIC: Final = Path(__file__).parent / "static"
"""The web page's files: plain HTML, CSS and JavaScript, no build step."""
DOCS_FILES: Final = "/static-offline-docs"
"""Where fastapi-offline serves Swagger UI's and ReDoc's files (static/docs.html loads them)."""
MEDIA: Final = {"json": "application/json", "xml": "application/xml"}
EXTENSIONS: Final = {"json": "json", "non": "non", "xml": "xml", "text": "txt", "r": "txt"}


@dataclass
class Service:
    """What every request shares: the limits, the kept puzzles and the job runner."""

    limits: Limits
    store: Store
    runner: Runner


def service(request: Request) -> Service:
    """The service of the app that serves the request."""
    return cast(Service, request.app.state.service)


ServiceDep = Annotated[Service, Depends(service)]
PuzzleId = Annotated[str, PathParam(description="The id POST /api/puzzles answered.")]
FormatQuery = Annotated[
    str | None,
    Query(alias="format", description="Input format: json, jsonl, non, xml, text or r."),
]


class MakeForm(BaseModel):
    """The make options, as for ``nonogen make``."""

    model_config = ConfigDict(json_schema_extra=without_null)

    width: int | None = Field(
        None, ge=MIN_CELLS, description="Grid columns, 5-200 (default 30); 413 over the limit."
    )
    height: int | None = Field(
        None, ge=MIN_CELLS, description="Grid rows, 5-200 (default: from the aspect)."
    )
    method: str | None = Field(
        None,
        description="Force a conversion: otsu, li, yen, mean, sauvola, colour, background, "
        "grabcut, strokes or edges (default: the most subject-like of them all).",
    )
    threshold: str | None = Field(
        None, description="Force a threshold: otsu, li, yen, mean, sauvola, a level in (0, 1)"
    )
    contrast: str = Field("none", description="none, stretch, stretch:P or clahe.")
    edges: bool = Field(False, description="Draw the picture's edges instead of its areas.")
    crop: bool = Field(False, description="Crop to the subject first.")
    despeckle: bool = Field(False, description="Remove isolated cells and pinholes.")
    invert: bool | None = Field(
        None, description="The subject is the light (true) or dark side (default: by structure)."
    )
    force: bool = Field(False, description="Make a puzzle even when no subject is found.")
    seed: int = Field(0, ge=0, le=2**63 - 1, description="Seed for tie-breaking.")
    difficulty: Literal["easy", "medium", "hard", "expert"] | None = Field(
        None, description="Deliver a tier (hard needs probing, expert search), or 422."
    )
    repair: Literal["flips", "givens", "auto"] = Field(
        "auto", description="Flip cells, reveal givens (exact picture), or flips then givens."
    )
    allow_search: bool = Field(False, description="Accept puzzles that need probing or search.")
    max_flips: int | None = Field(None, ge=0, description="Flip budget (default 5 % of cells).")
    seconds: float | None = Field(
        None, gt=0, description="Generator seconds (at most the server's solver limit)."
    )

    def options(self, limits: Limits) -> MakeOptions:
        """The pipeline's options; InputError or LimitError when one is out of range."""
        for name, side in (("width", self.width), ("height", self.height)):
            if side is not None and side > limits.max_side:
                raise LimitError(
                    f"expected {name} between {MIN_CELLS} and {limits.max_side} cells, got {side}"
                )
        picture = PictureOptions(
            width=self.width,
            height=self.height,
            method=self.method,
            threshold=self.threshold,
            contrast=self.contrast,
            edges=self.edges,
            crop=self.crop,
            despeckle=self.despeckle,
            invert=self.invert,
            force=self.force,
        )
        seconds = min(self.seconds or limits.solver_seconds, limits.solver_seconds)
        return MakeOptions(
            picture=picture,
            seed=self.seed,
            max_flips=self.max_flips,
            seconds=seconds,
            difficulty=self.difficulty,
            allow_search=self.allow_search,
            repair=self.repair,
        )


class PdfRequest(BaseModel):
    """A puzzle and how to print it."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"puzzle": CLUES, "pages": "both"}]})

    puzzle: dict[str, Any] | str = Field(
        description="A nonogen JSON object, or a puzzle text in any format nonogen reads."
    )
    pages: Literal["puzzle", "solution", "both"] = "puzzle"
    page_size: str = Field("letter", description="letter, a4, 6x9, 8.5x11 or WxH in in/mm.")
    margin_mm: float = 15.0
    gutter_mm: float = 0.0
    force_small: bool = Field(
        False,
        description="Print even when cells (under 4 mm) or clue numbers (under 6 pt) would be "
        "too small to read; otherwise such a puzzle gets a 413 naming the page size or split "
        "that fits.",
    )


class HintRequest(BaseModel):
    """A puzzle's clues and a player's grid."""

    model_config = ConfigDict(json_schema_extra={"examples": [{**CLUES, "grid": ["#?", "??"]}]})

    rows: list[list[int]] = Field(description="Row clues, top to bottom, e.g. [[2, 4], []].")
    cols: list[list[int]] = Field(description="Column clues, left to right.")
    grid: list[str] = Field(
        description="One text row per puzzle row: '#' filled, '.' crossed, '?' open."
    )


router = APIRouter(prefix="/api", tags=["nonogen"], responses=ERRORS)


def links(ident: str) -> dict[str, str]:
    """Where a made puzzle's files are."""
    base = f"/api/puzzles/{ident}"
    return {
        "json": f"{base}.json",
        "png": f"{base}.png",
        "puzzle_pdf": f"{base}.pdf",
        "solution_pdf": f"{base}/solution.pdf",
    }


def ascii_name(filename: str) -> str:
    """A plain ASCII stand-in for a file name: accents dropped, other letters gone, and
    ``puzzle`` in front if nothing is left to start it (``кот-solution.pdf``)."""

    def plain(text: str) -> str:
        folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
        return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in folded)

    path = PurePath(filename)
    stem = plain(path.stem)
    return (stem if stem[:1].isalnum() else f"puzzle{stem}") + plain(path.suffix)


def disposition(filename: str) -> str:
    """A Content-Disposition for a download of any name (RFC 6266): an ASCII ``filename`` for
    old clients, and the name itself as ``filename*``, UTF-8 percent-encoded (RFC 5987)."""
    exact = quote(utf8_safe(filename), safe="")
    return f"attachment; filename=\"{ascii_name(filename)}\"; filename*=UTF-8''{exact}"


def attachment(data: bytes | str, media: str, filename: str) -> Response:
    """A download response."""
    return Response(data, media_type=media, headers={"Content-Disposition": disposition(filename)})


def stem(made: MadePuzzle, ident: str) -> str:
    """A file name stem for a made puzzle: its title, else its id."""
    safe = "".join(ch for ch in made.puzzle.title if ch.isalnum() or ch in "-_")
    return safe or ident


@router.post(
    "/puzzles",
    responses={**BAD_INPUT, **NOT_MADE},
)
async def make_puzzle(
    svc: ServiceDep,
    picture: Annotated[UploadFile, File(description="PNG, JPEG, GIF, WebP, BMP or TIFF.")],
    form: Annotated[MakeForm, Form()],
) -> dict[str, Any]:
    """Turn a picture into a unique puzzle; the puzzle JSON, its verdict and download links."""
    options = form.options(svc.limits)
    options.target()
    name = utf8_safe(picture.filename or "picture")
    check_title(Path(name).stem, "the picture's file name (the puzzle's title)")
    data = await picture.read()
    made = await svc.runner.run(make_job, data, name, options, svc.limits)
    ident = svc.store.put(made)
    return {"id": ident, **made.record, "links": links(ident)}


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
    """A made puzzle's preview: the puzzle, and its solution with the flipped cells marked."""
    return Response(svc.store.get(puzzle_id).png, media_type="image/png")


@router.get(
    "/puzzles/{puzzle_id}.pdf",
    response_class=Response,
    responses={**download(PDF, "The puzzle page"), **UNKNOWN_ID},
)
async def puzzle_pdf(svc: ServiceDep, puzzle_id: PuzzleId) -> Response:
    """A made puzzle's printable page (letter)."""
    made = svc.store.get(puzzle_id)
    data = await svc.runner.run(pdf_job, made.puzzle, "puzzle", PageOptions())
    return attachment(data, "application/pdf", f"{stem(made, puzzle_id)}.pdf")


@router.get(
    "/puzzles/{puzzle_id}/solution.pdf",
    response_class=Response,
    responses={**download(PDF, "The solution page"), **UNKNOWN_ID},
)
async def solution_pdf(svc: ServiceDep, puzzle_id: PuzzleId) -> Response:
    """A made puzzle's solution page (letter)."""
    made = svc.store.get(puzzle_id)
    data = await svc.runner.run(pdf_job, made.puzzle, "solution", PageOptions())
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
    return await svc.runner.run(check_job, data, name, fmt, svc.limits)


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
    """Convert a puzzle between the formats nonogen reads and writes."""
    data, name, fmt = await uploaded(request, fmt)
    text = await svc.runner.run(convert_job, data, name, fmt, to, svc.limits)
    return attachment(text, MEDIA.get(to, "text/plain"), f"puzzle.{EXTENSIONS[to]}")


@router.post("/pdf", response_class=Response, responses={**download(PDF, "The PDF"), **BAD_INPUT})
async def pdf(svc: ServiceDep, body: PdfRequest) -> Response:
    """A printable PDF of a puzzle: its page, its solution page, or both."""
    options = PageOptions(body.page_size, body.margin_mm, body.gutter_mm)
    data = await svc.runner.run(
        pdf_from_json, body.puzzle, body.pages, options, svc.limits, body.force_small
    )
    return attachment(data, "application/pdf", "puzzle.pdf")


@router.post("/hint", response_model=HintAnswer, responses=BAD_INPUT)
async def hint(svc: ServiceDep, body: HintRequest) -> dict[str, Any]:
    """The next step from the player's grid and why (by one line, by trying a cell one way, or
    by search), or that the grid holds a mistake, is solved, has more than one solution from
    here (ambiguous), or that the hint ran out of time (stuck)."""
    return await svc.runner.run(hint_job, body.rows, body.cols, body.grid, svc.limits)


@router.post("/fix", response_model=FixAnswer, responses=BAD_INPUT)
async def fix(svc: ServiceDep, body: FixRequest) -> dict[str, Any]:
    """Few flips or givens that make a drawn grid a unique puzzle solvable by logic alone, and
    the verdict on it; already when it is one, failed when the budget runs out first."""
    return await svc.runner.run(fix_job, body.grid, body.mode, svc.limits)


@router.get("/health")
async def health(svc: ServiceDep) -> dict[str, Any]:
    """Liveness, the jobs running, the puzzles kept and the limits."""
    return {
        "status": "ok",
        "version": __version__,
        "jobs_running": svc.runner.running,
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

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        runner = Runner(limits)
        await runner.start()
        app.state.service = Service(limits, store, runner)
        try:
            yield
        finally:
            await anyio.to_thread.run_sync(runner.stop)

    app = FastAPIOffline(
        docs_url=None,  # served below, without an inline script
        static_url=DOCS_FILES,
        title="nonogen",
        version=__version__,
        summary="Turn pictures into nonograms; check, edit and play puzzles.",
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit, max_bytes=limits.upload_bytes, drain_bytes=limits.drain_bytes)
    app.add_middleware(RequestLimit, max_requests=limits.requests, retry_after=limits.retry_after)
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
