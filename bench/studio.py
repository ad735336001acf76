"""How fast the studio answers through the HTTP API: a photo to its gallery of drawings at 40
wide (target 2 s), and the gallery drawn again at another size (target 1 s), as the web page
asks for them.

    python -m bench.studio [PICTURES...] [--runs 3] [--colors K] [--json]

A real server (``nonogen serve``) is started on a free loopback port; every picture (default:
the samples' photos) is posted to ``POST /api/conversions`` at 40 wide, then at 30 wide, each
``--runs`` times after one untimed warm-up. The wall time of each request, as the client sees
it, is measured; the median and worst per step are printed beside the target. Exit 1 if a
median misses its target. Run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
STEPS = (("photo to gallery, 40 wide", "40", 2.0), ("size changed, 30 wide", "30", 1.0))


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def post_gallery(url: str, picture: Path, width: str, colours: str | None) -> float:
    """Seconds a gallery request takes, as multipart form data, the answer read whole."""
    boundary = uuid.uuid4().hex
    fields = {"width": width, **({"colors": colours} if colours else {})}
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for name, value in fields.items()
    ]
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="picture"; '
        f'filename="{picture.name}"\r\nContent-Type: application/octet-stream\r\n\r\n'
    ).encode()
    body = b"".join(parts) + head + picture.read_bytes() + f"\r\n--{boundary}--\r\n".encode()
    request = urllib.request.Request(
        f"{url}/api/conversions",
        data=body,
        headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
    )
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=60) as answer:
        json.loads(answer.read())
    return time.perf_counter() - started


def serve() -> tuple[subprocess.Popen[bytes], str]:
    """A ``nonogen serve`` on a free loopback port, once it answers its health check."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    args = [sys.executable, "-m", "nonogen", "serve", "--port", str(port)]
    server = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/api/health", timeout=2):
                return server, url
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not start within 60 s")


def main() -> int:
    """Measure every step on every picture; exit 1 if a median misses its target."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pictures", nargs="*", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--colors", default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pictures = args.pictures or sorted(SAMPLES.glob("*.jpg"))
    server, url = serve()
    results: list[dict[str, float | str | int]] = []
    misses = 0
    try:
        for name, width, target in STEPS:
            times = []
            for picture in pictures:
                post_gallery(url, picture, width, args.colors)  # warm-up
                times += [post_gallery(url, picture, width, args.colors) for _ in range(args.runs)]
            median, worst = statistics.median(times), max(times)
            misses += median > target
            results.append(
                {"step": name, "median": median, "worst": worst, "target": target, "n": len(times)}
            )
    finally:
        server.terminate()
        server.wait(timeout=30)
    for row in results:
        line = (
            f"{row['step']!s:<28} median {float(row['median']):.2f} s, worst "
            f"{float(row['worst']):.2f} s (target {float(row['target']):.1f} s, "
            f"{row['n']} requests)"
        )
        print(json.dumps(row) if args.json else line)
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
