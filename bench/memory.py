"""Peak memory of making a puzzle from a picture, per format and size: one process a figure.

    python -m bench.memory [CASE...] [--mode job|make|both] [--json]

Each case's picture is drawn here and saved in its format: a dark ellipse on a lit background,
the shape of a photo of one subject; the lossy formats (JPEG, WebP, HEIC, AVIF) get a
photo's grain and, as a phone held upright saves them, EXIF orientation 6 (HEIC and AVIF keep
it as their container's rotation). Then one fresh process a measurement reads it and makes a
puzzle:

* ``job``: ``nonogen.service.jobs.make_job`` with the service's production limits, as a worker
  process runs it (the picture's bytes in memory, as the upload is); a case over the
  service's limits prints the status it gets (413);
* ``make``: the ``nonogen make -w 40`` command (its entry point, run in that process).

The figure is that process's peak resident set size (VmHWM).
Beside a job's figure is the peak of the same job on the same picture 1600 pixels wide
(``small``, 2 Mpx): what every job costs (the stages' imports, the conversion of the 800-pixel
working copy, the generator, the preview), so the difference is what the picture's size costs.
Figures vary by a few MB from run to run (allocator, file cache), not by tens.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

from PIL import Image, ImageChops, ImageDraw

KIB: Final = 1024
SMALL_SIDE: Final = 1600
"""A job's baseline is the same job on its picture this wide: large enough that the working
copy is full-size (800 pixels), and every step after the read works as on the large one."""


@dataclass(frozen=True)
class Case:
    """One picture measured: its format and size."""

    fmt: str
    """Pillow's name of the format it is saved in."""
    width: int
    height: int
    alpha: bool = False
    """A cut-out: transparent around the subject."""

    @property
    def lossy(self) -> bool:
        """Saved as a camera saves: with grain, and turned by EXIF orientation 6."""
        return self.fmt in ("JPEG", "WEBP", "HEIF", "AVIF")

    @property
    def suffix(self) -> str:
        """The file name's extension."""
        return {"HEIF": ".heic", "JPEG": ".jpg"}.get(self.fmt, f".{self.fmt.lower()}")


CASES: Final = {
    "jpeg-12": Case("JPEG", 4032, 3024),
    "jpeg-16": Case("JPEG", 4608, 3456),
    "jpeg-48": Case("JPEG", 8064, 6048),
    "jpeg-50": Case("JPEG", 8160, 6120),
    "png-16": Case("PNG", 4608, 3456),
    "png-alpha-16": Case("PNG", 4608, 3456, alpha=True),
    "tiff-16": Case("TIFF", 4608, 3456),
    "webp-16": Case("WEBP", 4608, 3456),
    "heic-12": Case("HEIF", 4032, 3024),
    "heic-16": Case("HEIF", 4608, 3456),
    "heic-48": Case("HEIF", 8064, 6048),
    "avif-12": Case("AVIF", 4032, 3024),
    "avif-16": Case("AVIF", 4608, 3456),
}
"""Phone sizes: 12 Mpx (4032x3024), the service's most (16 Mpx), 48 Mpx (8064x6048) and the
CLI's most (50 Mpx, 8160x6120); the 48 and 50 Mpx ones other than JPEG only for ``make``."""


def photo(case: Case) -> Image.Image:
    """The case's picture: a dark ellipse on a background lit from the top."""
    size = (case.width, case.height)
    grey = Image.linear_gradient("L").resize(size).point(lambda v: 230 - v // 4)
    if case.lossy:  # a camera's grain, centred on 128
        grey = ImageChops.add(grey, Image.effect_noise(size, 6), offset=-128)
    rgb = Image.merge("RGB", (grey, grey, grey.point(lambda v: v * 9 // 10)))
    box = (case.width // 4, case.height // 5, case.width * 3 // 4, case.height * 4 // 5)
    ImageDraw.Draw(rgb).ellipse(box, fill=(40, 30, 90))
    if not case.alpha:
        return rgb
    alpha = Image.new("L", size, 0)
    ImageDraw.Draw(alpha).ellipse(box, fill=255)
    rgb.putalpha(alpha)
    return rgb


def encoded(case: Case) -> bytes:
    """The case's picture file."""
    if case.fmt == "HEIF":
        import pillow_heif  # noqa: PLC0415

        pillow_heif.register_heif_opener()
    picture, options = photo(case), {}
    if case.lossy:  # stored turned back: the reader turns it upright
        picture = picture.transpose(Image.Transpose.ROTATE_90)
        exif = Image.Exif()
        exif[0x0112] = 6
        options["exif"] = exif.tobytes()
    out = io.BytesIO()
    picture.save(out, format=case.fmt, **options)
    return out.getvalue()


def peak_mb() -> float:
    """This process's peak resident set size in MB: VmHWM, the high-water mark of its own
    memory map. (``ru_maxrss`` would not do: Linux carries it over ``exec`` from the process
    that started this one, here the benchmark, which holds the large pictures it drew.)"""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / KIB
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / KIB  # pragma: no cover


def measure(name: str, path: Path, mode: str, folder: Path) -> dict[str, object]:
    """One figure: the peak of a fresh process running ``mode`` (job or make) on the
    picture at ``path``."""
    argv = [sys.executable, "-m", "bench.memory", "--child", mode, str(path), str(folder)]
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"{name} {mode} failed (exit {done.returncode}): {done.stderr}")
    said = json.loads(lines[-1])
    return {"case": name, "mode": mode, **said, "seconds": round(seconds, 1)}


def child(mode: str, path: str, folder: str) -> None:
    """In the measured process: a service worker's job, or the ``make`` command; prints its
    outcome and peak as the last line."""
    from nonogen.errors import NonogenError  # noqa: PLC0415
    from nonogen.pipeline import MakeOptions  # noqa: PLC0415
    from nonogen.service.jobs import make_job, warm  # noqa: PLC0415
    from nonogen.service.limits import Limits  # noqa: PLC0415

    if mode == "make":
        outcome = command(["make", path, "-w", "40", "-o", str(Path(folder) / "out.json")])
    else:
        warm()
        try:
            made = make_job(Path(path).read_bytes(), Path(path).name, MakeOptions(), Limits())
            outcome = f"made {made.puzzle.width}x{made.puzzle.height}"
        except NonogenError as error:
            outcome = f"{error.http_status} {type(error).__name__}"
    print(json.dumps({"peak_mb": round(peak_mb()), "outcome": outcome}))


def command(argv: list[str]) -> str:
    """Run the ``nonogen`` program's entry point in this process (its output dropped); how
    it ended."""
    from nonogen.cli import main as nonogen  # noqa: PLC0415

    sys.argv = ["nonogen", *argv]
    with open(os.devnull, "w") as sink, redirect_stdout(sink), redirect_stderr(sink):
        try:
            nonogen()
        except SystemExit as stop:
            code = stop.code
        else:
            code = 0
    return {0: "made", 1: "not made (exit 1)"}.get(code, f"exit {code}")  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    """Measure the cases asked for; print a table (or JSON Lines)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="*", help=f"Cases (default all): {', '.join(CASES)}.")
    parser.add_argument("--mode", choices=("job", "make", "both"), default="both")
    parser.add_argument("--json", action="store_true", help="Print JSON Lines.")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    unknown = sorted(set(args.cases) - set(CASES))
    if unknown:
        parser.error(f"unknown cases {', '.join(unknown)}; expected some of {', '.join(CASES)}")
    if args.child:
        child(*args.child)
        return 0
    modes = ("job", "make") if args.mode == "both" else (args.mode,)
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        for name in args.cases or list(CASES):
            case = CASES[name]
            path = folder / f"{name}{case.suffix}"
            path.write_bytes(encoded(case))
            size = round(path.stat().st_size / 2**20, 1)
            for mode in modes:
                record = {**measure(name, path, mode, folder), "file_mb": size}
                if mode == "job":
                    small = folder / f"small{case.suffix}"
                    height = SMALL_SIDE * case.height // case.width
                    small.write_bytes(encoded(replace(case, width=SMALL_SIDE, height=height)))
                    record["small_mb"] = measure(name, small, mode, folder)["peak_mb"]
                print(json.dumps(record) if args.json else row(record), flush=True)
    return 0


def row(record: dict[str, object]) -> str:
    """One line of the table."""
    small = f" (small {record['small_mb']} MB)" if "small_mb" in record else ""
    return (
        f"{record['case']:<13} {record['file_mb']:>5} MB file  {record['mode']:<4} "
        f"peak {record['peak_mb']:>4} MB{small}  {record['seconds']:>5} s  {record['outcome']}"
    )


if __name__ == "__main__":
    sys.exit(main())
