"""The CLI: help, exit codes, stdout for data and stderr for humans."""

from __future__ import annotations

import json
import random
import re
import signal
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nonogen.cli import app
from nonogen.image.options import PictureOptions
from tests.photos import PHONE_FORMATS, big_jpeg, declaring, disc_photo, encode, header_of
from tests.shared import CORPUS, needs
from tests.waiting import unread, wait_until

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
runner = CliRunner()


@pytest.mark.parametrize("command", [[], ["solve"], ["check"], ["convert"], ["make"]])
def test_every_command_has_help(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"])
    assert result.exit_code == 0
    assert "Usage" in result.output


def test_solve_prints_the_grid_and_the_verdict() -> None:
    result = runner.invoke(app, ["solve", str(SAMPLES / "heart.txt")])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1] == "..####...####.."
    assert "status: unique" in result.stdout
    assert "line-solvable: yes" in result.stdout


def test_solve_json_is_one_object() -> None:
    result = runner.invoke(app, ["solve", "--json", str(SAMPLES / "diagonal.non")])
    assert result.exit_code == 1
    record = json.loads(result.stdout)
    assert record["status"] == "multiple"
    assert record["line_solvable"] is False
    assert len(record["differing_cells"]) >= 4


def test_solve_reads_stdin() -> None:
    result = runner.invoke(app, ["solve", "-", "--format", "r"], input="1:1-1:1\n")
    assert result.exit_code == 1
    assert "status: multiple" in result.stdout


def test_check_table_and_exit_code(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(SAMPLES)])
    assert result.exit_code == 1  # the diagonal sample is not unique
    rows = result.stdout.splitlines()
    assert rows[0].split() == ["file", "size", "status", "line", "difficulty", "seconds"]
    assert any("heart.txt" in row and "unique" in row for row in rows)
    assert any("strawberry.json" in row and "unique" in row for row in rows)  # colour
    assert "checked 3 puzzles" in result.stderr


def test_check_json_lines_fields() -> None:
    result = runner.invoke(app, ["check", "--json", str(SAMPLES / "heart.txt")])
    assert result.exit_code == 0
    record = json.loads(result.stdout.strip())
    for key in ("file", "width", "height", "status", "line_solvable", "difficulty", "seconds"):
        assert key in record
    assert (record["width"], record["height"], record["status"]) == (15, 15, "unique")


def test_require_logic_fails_a_unique_puzzle_that_needs_probing(tmp_path: Path) -> None:
    path = tmp_path / "probing.txt"
    path.write_text(".###.\n##..#\n#....\n...##\n....#\n")
    assert runner.invoke(app, ["check", str(path)]).exit_code == 0
    result = runner.invoke(app, ["check", "--json", "--require-logic", str(path)])
    assert result.exit_code == 1
    record = json.loads(result.stdout)
    assert (record["status"], record["line_solvable"]) == ("unique", False)
    assert record["techniques"] == ["line", "probing"]
    assert record["tier"] == "hard"


def test_bad_input_exits_3_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"rows": [[0]], "cols": [[1]]}')
    result = runner.invoke(app, ["solve", str(path)])
    assert result.exit_code == 3
    assert "bad.json" in result.stderr
    assert "positive run lengths" in result.stderr
    assert "Traceback" not in result.output


def test_check_reports_an_unreadable_file_and_goes_on(tmp_path: Path) -> None:
    (tmp_path / "bad.non").write_text("width 2\nheight x\n")
    (tmp_path / "good.txt").write_text("#.\n##\n")
    result = runner.invoke(app, ["check", "--json", str(tmp_path)])
    assert result.exit_code == 3
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["status"] for r in records] == ["error", "unique"]
    assert "bad.non" in records[0]["error"]


def test_check_reports_a_broken_json_lines_line_alone_and_checks_the_rest(tmp_path: Path) -> None:
    one = '{"rows": [[1]], "cols": [[1]]'
    lines = [f'{one}, "id": "a"}}', "garbage", f'{one}, "title": "{"t" * 5000}"}}', f"{one}}}"]
    (tmp_path / "pack.jsonl").write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["check", "--json", str(tmp_path / "pack.jsonl")])
    assert result.exit_code == 3
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["status"] for r in records] == ["unique", "error", "error", "unique"]
    assert [r["file"].rsplit("pack.jsonl", 1)[1] for r in records] == ["#a", ":2", ":3", ":4"]
    assert "line 2: expected JSON" in records[1]["error"]
    assert "title" in records[2]["error"]  # over its limit: that line alone
    table = runner.invoke(app, ["check", str(tmp_path / "pack.jsonl")])
    assert "checked 4 puzzles: 2 errors, 2 unique" in table.stderr


def test_missing_file_is_bad_input(tmp_path: Path) -> None:
    result = runner.invoke(app, ["solve", str(tmp_path / "nope.json")])
    assert result.exit_code == 3


def test_convert_round_trips_through_non(tmp_path: Path) -> None:
    out = tmp_path / "heart.non"
    result = runner.invoke(app, ["convert", str(SAMPLES / "heart.txt"), "-o", str(out)])
    assert result.exit_code == 0
    assert "width 15" in out.read_text()
    back = runner.invoke(app, ["convert", str(out), "-o", "-", "--to", "text"])
    assert back.stdout == (SAMPLES / "heart.txt").read_text()


@pytest.mark.slow
def test_python_dash_m_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "nonogen", "--version"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    assert done.stdout.startswith("nonogen ")


@pytest.mark.slow
def test_ctrl_c_exits_130_with_a_message() -> None:
    # `solve -` blocks reading stdin, so the signal lands while the command runs.
    proc = subprocess.Popen(
        [sys.executable, "-m", "nonogen", "solve", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # The handshake: main() installs its handler before the command reads stdin, so once the
    # first bytes are taken from the pipe the handler is in (EOF never comes: it keeps reading).
    stdin = proc.stdin
    assert stdin is not None
    stdin.write("1 1\n")
    stdin.flush()
    wait_until(lambda: proc.poll() is not None or unread(stdin) == 0, "reading stdin")
    assert proc.poll() is None, proc.communicate()
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert "interrupted" in err
    assert "Traceback" not in err


@pytest.mark.slow
def test_make_writes_a_unique_logic_only_puzzle(tmp_path: Path) -> None:
    out = tmp_path / "ring.json"
    result = runner.invoke(
        app, ["make", str(SAMPLES / "ring.png"), "--width", "20", "-o", str(out), "--json"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["seed"] == 0
    assert summary["verdict"]["status"] == "unique"
    assert summary["verdict"]["line_solvable"] is True
    assert summary["fidelity"]["flipped"] == len(summary["fidelity"]["flipped_cells"])
    written = json.loads(out.read_text())
    assert len(written["solution"]) == len(written["rows"])
    assert len(written["source_grid"][0]) == 20
    check = runner.invoke(app, ["check", "--require-logic", str(out)])
    assert check.exit_code == 0


@pytest.mark.slow
def test_make_prints_the_clues_not_the_solution_unless_asked(tmp_path: Path) -> None:
    out = tmp_path / "ring.json"
    args = ["make", str(SAMPLES / "ring.png"), "--width", "20", "-o", str(out)]
    hidden = runner.invoke(app, args)
    assert hidden.exit_code == 0, hidden.output
    written = json.loads(out.read_text())
    board = hidden.stdout.split("\n20x")[0].splitlines()
    depth = max(len(clue) for clue in written["cols"])
    rows = board[depth:]
    assert len(rows) == len(written["rows"])
    for line, clue in zip(rows, written["rows"], strict=True):
        assert line.split()[: len(clue) or 1] == [str(n) for n in clue or [0]]
    assert "#" not in hidden.stdout  # nothing of the solution
    shown = runner.invoke(app, [*args, "--show-solution"])
    assert shown.exit_code == 0, shown.output
    drawn = shown.stdout.split("\n20x")[0].splitlines()[depth:]
    solution = ["".join(line.split()[-20:]) for line in drawn]
    assert solution == written["solution"]


@pytest.mark.slow
def test_make_to_stdout_writes_the_puzzle_alone_there(tmp_path: Path) -> None:
    args = [sys.executable, "-m", "nonogen", "make", str(SAMPLES / "ring.png"), "-w", "20"]
    done = subprocess.run([*args, "-o", "-"], capture_output=True, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    puzzle = json.loads(done.stdout)  # the JSON and nothing after it
    assert len(puzzle["rows"]) == len(puzzle["solution"])
    assert b"unique, logic-only" in done.stderr  # the report, for a person, on stderr
    assert b"written: -" in done.stderr


def test_a_long_make_shows_where_it_is_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from nonogen.cli import progress  # noqa: PLC0415
    from nonogen.pipeline import MakeProgress  # noqa: PLC0415

    monkeypatch.setattr(progress, "QUIET_SECONDS", 0.0)
    monkeypatch.setattr(progress, "TICK_SECONDS", 0.01)
    with progress.Ticker(30, shown=True) as ticker:
        ticker(MakeProgress("repairing", 1, 3, open_cells=142, moves=12))
        wait_until(lambda: ticker.drawn, "a tick drawing the line")
    shown = capsys.readouterr().err
    assert "making: repairing grid 1 of 3, 142 cells open after 12 moves;" in shown
    assert "s of 30 s" in shown
    assert shown.endswith("\r\033[K")  # the line is cleared when the make ends
    with progress.Ticker(30, shown=False) as ticker:
        ticker(MakeProgress("converting"))
        assert not ticker.thread.is_alive()  # nothing runs that could draw
    assert not ticker.drawn
    assert capsys.readouterr().err == ""


def test_make_reports_every_stage_and_repair_move() -> None:
    from nonogen.pipeline import MakeOptions, MakeProgress, make_puzzle  # noqa: PLC0415

    heard: list[MakeProgress] = []
    data = (SAMPLES / "chelsea.jpg").read_bytes()  # Sauvola's grid needs givens at 20 wide
    options = MakeOptions(
        picture=PictureOptions(width=20, method="sauvola", force=True, tight=False),
        repair="givens",
    )
    made = make_puzzle(data, name="chelsea.jpg", options=options, on_progress=heard.append)
    stages = [p.stage for p in heard]
    assert stages[:3] == ["reading", "converting", "repairing"]
    assert stages[-1] == "checking"
    moves = [p for p in heard if p.open_cells is not None]
    assert made.repair.givens
    assert [p.moves for p in moves] == list(range(1, len(made.repair.givens) + 1))
    assert moves[-1].open_cells == 0


def test_make_refuses_a_non_picture(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["make", str(SAMPLES / "heart.txt"), "-o", str(tmp_path / "x.json")]
    )
    assert result.exit_code == 3
    assert "not a picture" in result.stderr
    assert not (tmp_path / "x.json").exists()


@pytest.mark.slow
@pytest.mark.parametrize("fmt", PHONE_FORMATS)
def test_make_reads_a_phone_photo(tmp_path: Path, fmt: str) -> None:
    picture = tmp_path / f"photo.{fmt.lower()}"
    data = big_jpeg() if fmt == "JPEG" else encode(disc_photo(320, 240), fmt, orientation=6)
    picture.write_bytes(data)
    out = tmp_path / "photo.json"
    args = ["make", str(picture), "-w", "12", "--no-tight", "-o", str(out)]  # the whole frame
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    made = json.loads(out.read_text())
    assert (made["width"], made["height"]) == ((12, 9) if fmt == "JPEG" else (12, 16))


@pytest.mark.parametrize("fmt", PHONE_FORMATS)
def test_make_exits_3_on_a_phone_photo_over_the_limit(tmp_path: Path, fmt: str) -> None:
    picture = tmp_path / f"huge.{fmt.lower()}"
    picture.write_bytes(declaring(header_of(fmt), 8000, 6251))  # 50.008 Mpx declared
    result = runner.invoke(app, ["make", str(picture), "-o", str(tmp_path / "x.json")])
    assert result.exit_code == 3
    assert "picture too large (8000x6251 pixels); use at most 50000000 pixels" in result.stderr
    assert not (tmp_path / "x.json").exists()


def test_a_picture_over_pillows_own_limit_is_refused_in_our_words(tmp_path: Path) -> None:
    picture = tmp_path / "huge.jpg"
    picture.write_bytes(declaring(header_of("JPEG"), 20000, 6000))  # 120 Mpx: Pillow's bomb
    result = runner.invoke(app, ["make", str(picture), "-o", str(tmp_path / "x.json")])
    assert result.exit_code == 3
    assert "picture too large (it declares over 89478485 pixels)" in result.stderr
    assert "use at most 50000000 pixels" in result.stderr
    assert "DOS" not in result.stderr  # Pillow's own wording stays out


@pytest.mark.slow
def test_make_reads_stdin_and_writes_a_png_preview(tmp_path: Path) -> None:
    out = tmp_path / "from-stdin.json"
    data = (SAMPLES / "ring.png").read_bytes()
    result = runner.invoke(app, ["make", "-", "-w", "12", "-o", str(out), "--png"], input=data)
    assert result.exit_code == 0, result.output
    written = json.loads(out.read_text())
    assert written["title"] == ""  # untitled unless --title: the name would give it away
    assert written["source"] == "stdin"
    png = out.with_suffix(".png").read_bytes()
    assert png.startswith(b"\x89PNG")
    assert "unique, logic-only" in result.stdout


@pytest.mark.slow
def test_make_is_deterministic_for_a_seed(tmp_path: Path) -> None:
    picture = str(SAMPLES / "astronaut.jpg")
    runs = []
    written: list[bytes] = []
    for name in ("a", "b"):
        out = tmp_path / f"{name}.json"
        result = runner.invoke(app, ["make", picture, "-w", "40", "--seed", "7", "-o", str(out)])
        assert result.exit_code == 0, result.output
        runs.append(json.loads(out.read_text()))
        written.append(out.read_bytes())
    assert written[0] == written[1]  # the same bytes: no timings in the written puzzle
    assert runs[0]["solution"] == runs[1]["solution"]
    assert runs[0]["seed"] == 7
    assert runs[0]["fidelity"]["flipped"] > 0  # the picture needed repairs: a real test


def test_make_keeps_the_best_attempt_when_the_budget_runs_out(tmp_path: Path) -> None:
    out = tmp_path / "tight.json"
    picture = str(SAMPLES / "astronaut.jpg")
    args = ["make", picture, "-w", "30", "--max-flips", "0", "--repair", "flips"]
    args += ["--method", "otsu", "--force", "--no-tight"]  # one conversion, the whole frame
    result = runner.invoke(app, [*args, "-o", str(out)])
    assert result.exit_code == 1
    assert "budget ran out" in result.stderr
    written = json.loads(out.read_text())
    assert written["fidelity"]["undetermined"] > 0
    assert written["solution"] == written["source_grid"]


@pytest.mark.slow
def test_make_hard_accepts_a_unique_puzzle_that_needs_more_than_line_logic(tmp_path: Path) -> None:
    out = tmp_path / "hard.json"
    picture = str(SAMPLES / "chelsea.jpg")
    result = runner.invoke(
        app, ["make", picture, "-w", "45", "--difficulty", "hard", "-o", str(out), "--json"]
    )
    assert result.exit_code == 0, result.output
    verdict = json.loads(result.stdout)["verdict"]
    assert verdict["status"] == "unique"
    assert verdict["line_solvable"] is False
    assert verdict["tier"] in ("hard", "expert")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--difficulty", "brutal"], "expected --difficulty"),
        (["--contrast", "loud"], "contrast"),
        (["--threshold", "magic"], "threshold"),
        (["--width", "500"], "between 5 and 200"),
    ],
)
def test_make_refuses_bad_options_and_writes_nothing(
    tmp_path: Path, args: list[str], message: str
) -> None:
    out = tmp_path / "x.json"
    result = runner.invoke(app, ["make", str(SAMPLES / "ring.png"), *args, "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert not out.exists()


def test_make_refuses_a_one_colour_picture(tmp_path: Path) -> None:
    picture = tmp_path / "grey.png"
    picture.write_bytes(_png(b"\x80" * 100, 10, 10))
    result = runner.invoke(app, ["make", str(picture), "-o", str(tmp_path / "x.json")])
    assert result.exit_code == 3
    assert "one colour" in result.stderr
    assert not (tmp_path / "x.json").exists()


def _png(pixels: bytes, width: int, height: int) -> bytes:
    """A greyscale PNG, written by hand (Pillow belongs to nonogen.image)."""
    raw = b"".join(b"\x00" + pixels[r * width : (r + 1) * width] for r in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body).to_bytes(4, "big")
        return len(body).to_bytes(4, "big") + kind + body + crc

    header = width.to_bytes(4, "big") + height.to_bytes(4, "big") + b"\x08\x00\x00\x00\x00"
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


@pytest.mark.slow
def test_check_with_two_workers_gives_the_same_records_in_order() -> None:
    one = runner.invoke(app, ["check", "--json", str(SAMPLES)])
    two = runner.invoke(app, ["check", "--json", "--jobs", "2", str(SAMPLES)])
    assert two.exit_code == one.exit_code == 1

    def settled(output: str) -> list[tuple[str, str, object]]:
        records = [json.loads(line) for line in output.splitlines()]
        return [(r["file"], r["status"], r.get("solution")) for r in records]

    assert settled(two.stdout) == settled(one.stdout)
    assert len(settled(one.stdout)) == 3  # heart, diagonal and the colour strawberry


@pytest.mark.slow
def test_report_prints_a_row_per_picture_and_width_and_a_summary(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["report", str(SAMPLES / "ring.png"), str(SAMPLES / "horse.png"), "--widths", "10,20"]
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert sum(line.startswith(("ring.png", "horse.png")) for line in lines) == 4
    assert "4 of 4 met the target" in result.stdout
    as_json = runner.invoke(app, ["report", str(SAMPLES / "ring.png"), "--widths", "12", "--json"])
    rows = [json.loads(line) for line in as_json.stdout.splitlines()]
    assert rows[0]["width"] == 12
    assert rows[0]["ok"] is True
    assert rows[-1]["summary"]["made"] == 1


@pytest.mark.slow
def test_report_exits_1_when_a_picture_misses_its_target(tmp_path: Path) -> None:
    noise = tmp_path / "noise.png"
    rng = random.Random(1)
    noise.write_bytes(_png(bytes(rng.randrange(256) for _ in range(3600)), 60, 60))
    args = ["report", str(noise), "--widths", "30", "--seconds", "0.01"]
    refused = runner.invoke(app, args)
    assert refused.exit_code == 1
    assert "refused for no subject: 1" in refused.stdout
    # Noise, as noise (its light side), with no flip allowed: line logic cannot solve it.
    forced = ["--force", "--method", "sauvola", "--invert", "--no-tight", "--repair", "flips"]
    result = runner.invoke(app, [*args, *forced, "--max-flips", "0"])
    assert result.exit_code == 1, result.stdout
    assert "0 of 1 met the target" in result.stdout


@pytest.mark.slow
def test_report_writes_a_contact_sheet_and_scores_a_bench(tmp_path: Path) -> None:
    bench = tmp_path / "bench"
    (bench / "masks").mkdir(parents=True)
    ring = (SAMPLES / "ring.png").read_bytes()
    (bench / "ring.png").write_bytes(ring)
    (bench / "masks" / "ring.png").write_bytes(ring)  # wrong on purpose: black = not subject
    flat = _png(b"\x80" * 400, 20, 20)
    (bench / "flat.png").write_bytes(flat)
    (bench / "bench.tsv").write_text(
        "picture\tmask\tkind\twhat\nring.png\tmasks/ring.png\tshape\tx\nflat.png\t-\tnone\ty\n"
    )
    sheet = tmp_path / "sheet.png"
    args = ["report", str(bench), "--widths", "20", "--sheet", str(sheet), "--json"]
    result = runner.invoke(app, args)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    summary = rows[-1]["summary"]
    by_name = {row["picture"]: row for row in rows[:-1]}
    assert by_name["flat.png"]["refused"] is True
    assert by_name["ring.png"]["iou"] < 0.2  # the mask marks the ground: a real comparison
    assert summary["refused"] == 1
    assert summary["min_iou"] == by_name["ring.png"]["iou"]
    assert sheet.read_bytes().startswith(b"\x89PNG")
    assert result.exit_code == 0, result.output


@pytest.mark.slow
def test_report_sheet_with_colours_draws_each_make_in_its_palette(tmp_path: Path) -> None:
    from PIL import Image  # noqa: PLC0415

    sheet = tmp_path / "sheet.png"
    args = ["report", str(SAMPLES / "chelsea.jpg"), "--colors", "3", "--widths", "20"]
    result = runner.invoke(app, [*args, "--sheet", str(sheet), "--json"])
    assert result.exit_code == 0, result.output
    row = json.loads(result.stdout.splitlines()[0])
    palette = {tuple(bytes.fromhex(entry.split("#")[1])) for entry in row["palette"]}
    with Image.open(sheet) as image:  # a colour row: written at all, in its palette's colours
        seen = {colour for _, colour in image.convert("RGB").getcolors(1 << 20) or []}
    assert palette <= seen


@pytest.mark.slow
def test_report_blind_writes_shuffled_solutions_and_keeps_the_key_apart(tmp_path: Path) -> None:
    from PIL import Image  # noqa: PLC0415

    bench = tmp_path / "bench"
    bench.mkdir()
    for name in ("ring.png", "horse.png"):
        (bench / name).write_bytes((SAMPLES / name).read_bytes())
    (bench / "bench.tsv").write_text(
        "picture\tmask\tkind\twhat\nring.png\t\tshape\ta ring\nhorse.png\t\tshape\ta horse\n"
    )
    blind = tmp_path / "blind"
    args = ["report", str(bench), "--widths", "10,15", "--blind", str(blind), "--seed", "4"]
    result = runner.invoke(app, args)
    assert result.exit_code in (0, 1), result.output  # 1: no-subject bench rows were made
    images = sorted((blind / "grids").iterdir())
    assert [p.name for p in images] == ["001.png", "002.png", "003.png", "004.png"]
    key = [line.split("\t") for line in (blind / "key.tsv").read_text().splitlines()]
    assert key[0] == ["image", "picture", "width", "colours", "what"]
    assert sorted((row[1], row[2]) for row in key[1:]) == [
        ("horse.png", "10"),
        ("horse.png", "15"),
        ("ring.png", "10"),
        ("ring.png", "15"),
    ]
    assert {row[4] for row in key[1:]} == {"a ring", "a horse"}
    for row in key[1:]:  # each picture is its puzzle's solution, 12 pixels a cell
        with Image.open(blind / row[0]) as image:
            assert image.width == 12 * int(row[2])
            colours = {c for _, c in image.convert("RGB").getcolors(4096) or []}
            assert colours <= {(0, 0, 0), (255, 255, 255)}
    again = runner.invoke(app, args)  # the folder is taken: nothing mixed in
    assert again.exit_code == 4
    assert "new or empty folder" in again.stderr
    both = runner.invoke(app, [*args[:-4], "--blind", str(tmp_path / "b2"), "--sheet", "s.png"])
    assert both.exit_code == 2
    unwritable = tmp_path / "bench" / "ring.png" / "blind"  # under a file: checked first
    late = runner.invoke(app, [*args[:-4], "--blind", str(unwritable)])
    assert late.exit_code == 4
    assert "cannot make the --blind folder" in late.stderr


@pytest.mark.slow
def test_make_refuses_a_picture_with_no_subject_unless_forced(tmp_path: Path) -> None:
    noise = tmp_path / "noise.png"
    rng = random.Random(2)
    noise.write_bytes(_png(bytes(rng.randrange(256) for _ in range(6400)), 80, 80))
    out = tmp_path / "noise.json"
    result = runner.invoke(app, ["make", str(noise), "-w", "10", "-o", str(out)])
    assert result.exit_code == 3
    assert "found no subject" in result.stderr
    assert "--force" in result.stderr
    assert not out.exists()
    forced = runner.invoke(app, ["make", str(noise), "-w", "10", "--force", "-o", str(out)])
    assert forced.exit_code in (0, 1), forced.output
    assert out.exists()


@pytest.mark.slow
def test_make_records_the_conversion_and_the_source_box(tmp_path: Path) -> None:
    out = tmp_path / "ring.json"
    result = runner.invoke(app, ["make", str(SAMPLES / "ring.png"), "-w", "20", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "conversion: " not in result.stdout  # the internals only when asked
    assert "cells changed from the picture" in result.stdout
    verbose = runner.invoke(
        app, ["make", str(SAMPLES / "ring.png"), "-w", "20", "-v", "-o", str(out)]
    )
    assert "conversion: " in verbose.stdout
    written = json.loads(out.read_text())
    conversion = written["conversion"]
    assert conversion["method"] in {c["method"] for c in conversion["candidates"]}
    assert len(conversion["candidates"]) >= 3
    left, top, right, bottom = written["source_box"]  # the ring and a cell of ground a side
    assert 0 < left < right < 300
    assert 0 <= top < bottom < 240  # the ring picture is 300x240; its notch nears the top
    assert (written["width"], written["height"]) == (
        20,
        round(20 * (bottom - top) / (right - left)),
    )
    whole = ["make", str(SAMPLES / "ring.png"), "-w", "20", "--no-tight", "-o", str(out)]
    assert runner.invoke(app, whole).exit_code == 0
    assert json.loads(out.read_text())["source_box"] == [0, 0, 300, 240]
    forced = runner.invoke(
        app, ["make", str(SAMPLES / "ring.png"), "-w", "20", "--threshold", "li", "-o", str(out)]
    )
    assert forced.exit_code == 0, forced.output
    assert json.loads(out.read_text())["conversion"]["method"] == "li"


def test_make_clamps_a_derived_side_with_a_warning(tmp_path: Path) -> None:
    wide = tmp_path / "wide.png"
    pixels = bytearray(b"\xff" * (400 * 100))
    for row in range(30, 70):
        for col in range(20, 380):
            pixels[row * 400 + col] = 0
    wide.write_bytes(_png(bytes(pixels), 400, 100))
    out = tmp_path / "wide.json"
    result = runner.invoke(app, ["make", str(wide), "-w", "15", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "using 5" in result.stderr
    assert len(json.loads(out.read_text())["rows"]) == 5


def test_make_with_givens_keeps_the_picture_exact(tmp_path: Path) -> None:
    noise = tmp_path / "noise.png"
    rng = random.Random(3)
    noise.write_bytes(_png(bytes(rng.randrange(256) for _ in range(3600)), 60, 60))
    out = tmp_path / "noise.json"
    args = ["make", str(noise), "-w", "12", "--force", "--method", "otsu", "--no-invert"]
    args += ["--repair", "givens", "--no-tight"]
    result = runner.invoke(app, [*args, "-o", str(out), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["fidelity"]["flipped"] == 0
    assert summary["fidelity"]["givens"] > 0
    written = json.loads(out.read_text())
    assert written["solution"] == written["source_grid"]  # the picture, exactly
    check = runner.invoke(app, ["check", "--require-logic", str(out)])
    assert check.exit_code == 0, check.output  # unique and logic-only with its givens


@pytest.mark.slow
def test_make_names_the_best_tier_when_the_asked_one_is_not_delivered(tmp_path: Path) -> None:
    out = tmp_path / "ring.json"
    args = ["make", str(SAMPLES / "ring.png"), "-w", "30", "--difficulty", "expert"]
    budgets = ["--repair", "flips", "--max-flips", "0", "-o", str(out)]
    result = runner.invoke(app, [*args, *budgets])
    assert result.exit_code == 1, result.output
    assert "could not make an expert puzzle" in result.stderr
    reached = re.search(r"best reached is (easy|medium|hard)\b", result.stderr)
    assert reached is not None, result.stderr
    assert f"--difficulty {reached.group(1)}" in result.stderr
    assert out.exists()  # the best attempt is kept


@pytest.mark.parametrize("seed", ["-1", str(2**63)])
def test_a_seed_out_of_range_is_a_usage_error(tmp_path: Path, seed: str) -> None:
    out = tmp_path / "x.json"
    result = runner.invoke(app, ["make", str(SAMPLES / "ring.png"), "--seed", seed, "-o", str(out)])
    assert result.exit_code == 2
    assert "--seed" in result.output
    assert "Traceback" not in result.output
    assert not out.exists()


@pytest.mark.parametrize(
    "args",
    [
        ["make", "samples/ring.png", "--width", "1000"],
        ["make", "samples/ring.png", "--height", "2"],
        ["make", "samples/ring.png", "--threshold", "7"],
        ["make", "samples/ring.png", "--method", "nope"],
        ["make", "samples/ring.png", "--contrast", "bad"],
        ["make", "samples/ring.png", "--difficulty", "zzz"],
        ["make", "samples/ring.png", "--max-flips", "-1"],
        ["make", "samples/ring.png", "--seed", "-1"],
        ["pdf", "samples/heart.txt", "-o", "x.pdf", "--page-size", "bogus"],
        ["pdf", "samples/heart.txt", "-o", "x.pdf", "--margin-mm", "500"],
        ["book", "samples/ring.png", "-o", "b.pdf", "--per-page", "3"],
        ["book", "samples/ring.png", "-o", "b.pdf", "--keys-per-page", "99"],
        ["book", "samples/ring.png", "-o", "b.pdf", "--order", "random"],
        ["convert", "samples/heart.txt", "-o", "x", "--to", "nope"],
        ["check", "samples/heart.txt", "--format", "nope"],
        ["check", "samples/heart.txt", "--timeout", "-1"],
        ["check", "samples/heart.txt", "--timeout", "inf"],
        ["check", "samples/heart.txt", "--timeout", "nan"],
        ["make", "samples/ring.png", "--seconds", "1e7"],
        ["report", "samples/ring.png", "--widths", "1,x"],
        ["report", "samples/ring.png", "--widths", "20,100000"],
        ["check", "samples/heart.txt", "-n", "1001"],
        ["solve", "samples/heart.txt", "-n", "99999999999999999999999"],
        ["convert", "samples/heart.txt", "-o", "x.foo"],
        ["book", "samples/heart.txt", "-o", "b.pdf", "--year", "99999999999999999999"],
    ],
)
def test_an_option_out_of_range_or_unknown_is_a_usage_error(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = Path(__file__).parents[2]
    monkeypatch.chdir(tmp_path)
    args = [str(root / a) if a.startswith("samples/") else a for a in args]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "error" in result.output.lower()
    assert not list(tmp_path.iterdir())  # nothing read, nothing written


@pytest.mark.parametrize(
    ("command", "content"),
    [("make", b"\x89PNG broken"), ("check", b"not a puzzle"), ("pdf", b"1 2\n")],
)
def test_bad_input_data_is_exit_3(command: str, content: bytes, tmp_path: Path) -> None:
    path = tmp_path / ("in.png" if command == "make" else "in.non")
    path.write_bytes(content)
    args = [command, str(path)] + (["-o", str(tmp_path / "out.pdf")] if command == "pdf" else [])
    result = runner.invoke(app, args)
    assert result.exit_code == 3, result.output


COLOUR = SAMPLES / "colour" / "strawberry.json"


def test_solve_and_check_route_a_colour_puzzle() -> None:
    solved = runner.invoke(app, ["solve", str(COLOUR)])
    assert solved.exit_code == 0, solved.output
    assert solved.stdout.splitlines()[3] == ".rrwrrrrr."  # the palette's characters
    assert "status: unique" in solved.stdout
    checked = runner.invoke(app, ["check", "--json", str(COLOUR), str(SAMPLES / "heart.txt")])
    assert checked.exit_code == 0, checked.output
    colour, plain = map(json.loads, checked.stdout.splitlines())
    assert colour["palette"] == ["white", "red", "green", "cream"]
    assert colour["status"] == "unique"
    assert colour["line_solvable"] is True
    assert "palette" not in plain


def test_an_ambiguous_colour_puzzle_exits_1_with_the_differing_cells(tmp_path: Path) -> None:
    puzzle = {
        "palette": [{"name": "white", "rgb": "#ffffff"}, {"name": "red", "rgb": "#ff0000"}],
        "rows": [[[1, "red"]], [[1, "red"]]],
        "cols": [[[1, "red"]], [[1, "red"]]],
    }
    path = tmp_path / "two.json"
    path.write_text(json.dumps(puzzle))
    result = runner.invoke(app, ["solve", "--json", str(path)])
    assert result.exit_code == 1
    record = json.loads(result.stdout)
    assert record["status"] == "multiple"
    assert sorted(map(tuple, record["differing_cells"])) == [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_convert_a_colour_puzzle_to_webpbn_xml_and_back(tmp_path: Path) -> None:
    xml = tmp_path / "strawberry.xml"
    assert runner.invoke(app, ["convert", str(COLOUR), "-o", str(xml)]).exit_code == 0
    assert '<color name="red"' in xml.read_text()
    back = tmp_path / "back.json"
    assert runner.invoke(app, ["convert", str(xml), "-o", str(back)]).exit_code == 0
    again = runner.invoke(app, ["solve", "--json", str(back)])
    assert json.loads(again.stdout)["solution"][3] == ".rrwrrrrr."
    refused = runner.invoke(app, ["convert", str(COLOUR), "-o", str(tmp_path / "x.non")])
    assert refused.exit_code == 3
    assert "the non format is black and white only" in refused.stderr


FAASE = CORPUS / "survey" / "survey-faase.json"


@pytest.mark.slow
@needs(FAASE)
def test_check_explain_says_how_far_the_solver_got_on_an_unknown() -> None:
    result = runner.invoke(app, ["check", "--timeout", "1", "--explain", str(FAASE)])
    assert result.exit_code == 1
    assert "unknown" in result.stdout
    said = [line for line in result.stderr.splitlines() if line.startswith(str(FAASE))]
    assert any("line logic: 1424 of 7600 cells" in line for line in said)
    assert any("search (SAT):" in line and "conflicts" in line for line in said)
    assert said[-1].endswith(
        "verdict: unknown (the time budget ran out before the search finished)"
    )
    settled = runner.invoke(app, ["check", "--explain", str(SAMPLES / "heart.txt")])
    assert "line logic:" not in settled.stderr  # only unknowns are explained


@pytest.mark.slow
def test_make_creates_its_default_output_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a fresh folder without output/
    result = runner.invoke(app, ["make", str(SAMPLES / "ring.png"), "--width", "10"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "output" / "ring.json").is_file()
    elsewhere = runner.invoke(
        app, ["make", str(SAMPLES / "ring.png"), "-o", str(tmp_path / "missing" / "r.json")]
    )
    assert elsewhere.exit_code == 4  # a folder given must exist, and is looked for first
    assert f"no folder {tmp_path / 'missing'}" in elsewhere.stderr


def test_a_bug_exits_70_with_one_line_naming_its_traceback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a deliberate bug")

    monkeypatch.setattr("nonogen.pipeline.check.Checked.line", broken)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    result = runner.invoke(app, ["check", str(SAMPLES / "heart.txt")])
    assert result.exit_code == 70
    lines = [line for line in result.stderr.splitlines() if "internal error" in line]
    assert len(lines) == 1
    assert "RuntimeError: a deliberate bug" in lines[0]
    (report,) = tmp_path.glob("nonogen-crash-*.txt")
    assert str(report) in lines[0]
    assert "Traceback" in report.read_text()
    assert "a deliberate bug" in report.read_text()


@pytest.mark.parametrize("wrapped", [False, True])
def test_running_out_of_memory_is_a_clear_error_not_a_bug(
    wrapped: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def exhausted(*args: object, **kwargs: object) -> None:
        if not wrapped:
            raise MemoryError
        try:
            raise MemoryError
        except MemoryError as error:  # as a C extension reports it (pysat's solvers)
            raise SystemError("returned a result with an exception set") from error

    monkeypatch.setattr("nonogen.pipeline.check.Checked.line", exhausted)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    result = runner.invoke(app, ["check", str(SAMPLES / "heart.txt")])
    assert result.exit_code == 3
    assert "ran out of memory" in result.stderr
    assert "internal error" not in result.stderr
    assert not list(tmp_path.glob("nonogen-crash-*.txt"))


@pytest.mark.slow
def test_make_makes_the_candidate_picked_by_its_key(tmp_path: Path) -> None:
    out = tmp_path / "coffee.json"
    picture = str(SAMPLES / "coffee.jpg")
    first = runner.invoke(app, ["make", picture, "-w", "20", "-o", str(out)])
    assert first.exit_code == 0, first.output
    conversion = json.loads(out.read_text())["conversion"]
    keys = [c["key"] for c in conversion["candidates"]]
    other = next(c for c in conversion["candidates"] if c["method"] != conversion["method"])
    assert len(set(keys)) == len(keys)
    picked = runner.invoke(
        app, ["make", picture, "-w", "20", "--candidate", other["key"], "-o", str(out)]
    )
    assert picked.exit_code == 0, picked.output
    assert json.loads(out.read_text())["conversion"]["method"] == other["method"]
    wrong = runner.invoke(app, ["make", picture, "--candidate", "otsu-000000", "-o", str(out)])
    assert wrong.exit_code == 3
    assert "the candidates are" in wrong.stderr


def test_fix_repairs_a_hand_made_grid_as_the_page_does(tmp_path: Path) -> None:
    drawing = tmp_path / "design.txt"
    drawing.write_text("##...\n##...\n.....\n...##\n...##\n")  # two blocks: two solutions
    out = tmp_path / "fixed.json"
    result = runner.invoke(app, ["fix", str(drawing), "--repair", "givens", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("fixed: Revealing 1 given")
    written = json.loads(out.read_text())
    assert written["solution"] == ["##...", "##...", ".....", "...##", "...##"]  # exact
    assert len(written["fix"]["given_cells"]) == 1
    check = runner.invoke(app, ["check", "--require-logic", str(out)])
    assert check.exit_code == 0, check.output
    flips = runner.invoke(app, ["fix", str(drawing), "--repair", "flips", "-o", str(out), "--json"])
    assert flips.exit_code == 0, flips.output
    assert json.loads(flips.stdout)["status"] == "fixed"
    assert json.loads(out.read_text())["solution"] != written["solution"]


def test_fix_refuses_clues_alone_and_a_bad_repair(tmp_path: Path) -> None:
    out = tmp_path / "x.json"
    clues = runner.invoke(app, ["fix", str(SAMPLES / "diagonal.non"), "-o", str(out)])
    assert clues.exit_code == 3
    assert "clues only, no drawing to fix" in clues.stderr
    bad = runner.invoke(app, ["fix", str(SAMPLES / "heart.txt"), "--repair", "x", "-o", str(out)])
    assert bad.exit_code == 2
    assert not out.exists()


@pytest.mark.slow
@pytest.mark.parametrize("colours", [[], ["--colors", "4"]], ids=["mono", "colour"])
def test_a_make_whose_time_budget_runs_out_says_its_bytes_may_differ(
    tmp_path: Path, colours: list[str]
) -> None:
    noise = tmp_path / "noise.png"
    rng = random.Random(1)
    noise.write_bytes(_png(bytes(rng.randrange(256) for _ in range(14400)), 120, 120))
    out = tmp_path / "noise.json"
    args = ["make", str(noise), "-w", "100", "--method", "sauvola", "--invert", "--force"]
    result = runner.invoke(
        app, [*args, *colours, "--no-tight", "--seconds", "0.01", "-o", str(out)]
    )
    assert result.exit_code == 1, result.output
    assert "another run may give other bytes" in result.stderr
    assert "ran out" in json.loads(out.read_text())["time_budget"]
    ring = ["make", str(SAMPLES / "ring.png"), "-w", "15", *colours, "-o", str(out)]
    within = runner.invoke(app, ring)
    assert within.exit_code == 0, within.output
    assert "time_budget" not in json.loads(out.read_text())  # done in time: the same bytes


@pytest.mark.slow
def test_a_make_that_needed_search_records_no_timings_and_repeats_its_bytes(
    tmp_path: Path,
) -> None:
    args = ["make", str(SAMPLES / "chelsea.jpg"), "-w", "10", "--allow-search", "--force"]
    args += ["--max-flips", "0", "--repair", "flips", "--no-despeckle", "--method", "sauvola"]
    outs = [tmp_path / "a.json", tmp_path / "b.json"]
    for out in outs:
        runner.invoke(app, [*args, "-o", str(out)])
    verdict = json.loads(outs[0].read_text())["verdict"]
    assert "search" in verdict["techniques"]  # the solver ran its timed stage
    assert not [key for key in verdict["stats"] if key.endswith("_ms")]
    assert outs[0].read_bytes() == outs[1].read_bytes()


def test_a_subject_number_of_thousands_of_digits_is_a_usage_error_not_a_crash(
    tmp_path: Path,
) -> None:
    out = tmp_path / "x.json"
    args = ["make", str(SAMPLES / "ring.png"), "--subject", f"0,0,{'9' * 5000},10", "-o", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "at most 9 digits" in result.stderr
    assert "4300" not in result.stderr  # not Python's own limit
    assert not out.exists()
