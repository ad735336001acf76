"""The instant check (``nonogen.cli.instant``) prints what the whole ``nonogen check`` prints,
byte for byte but for the seconds, and leaves to it everything it cannot answer so."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
from itertools import islice
from pathlib import Path

import pytest

from nonogen.cli import instant as instant_module
from nonogen.cli.instant import MOST_BYTES, MOST_FILES, MOST_PUZZLES, MOST_SIDE, check
from tests.shared import CORPUS, REQUIRED, require

SECONDS = re.compile(r" +\d+\.\d{3}(?=(  MISMATCH.*)?$)")
SOLVING = re.compile(r"\d+\.\d\d s solving")


def made(folder: Path) -> list[Path]:
    """Puzzle files of each kind of answer: line-solvable, totals that differ, two solutions
    (the probing search), a line with no arrangement, a recorded verdict, a goal, meta it
    keeps."""
    puzzles = {
        "plus": {"rows": [[1], [3], [1]], "cols": [[1], [3], [1]], "title": "Plus"},
        "totals": {"rows": [[1], [1]], "cols": [[2], []]},
        "two": {"rows": [[1, 1], [1, 1]], "cols": [[1], [1], [1], [1]]},
        "crossed": {"rows": [[2], [2], [1]], "cols": [[3], [1], [1]]},
        "recorded": {
            "rows": [[2], [1]],
            "cols": [[2], [1]],
            "solutions_known": "unique",
            "line_solvable": True,
        },
        "goal": {
            "width": 3,
            "height": 2,
            "rows": [[3], [1, 1]],
            "cols": [[2], [1], [2]],
            "goal": ["###", "#.#"],
            "source": "a test",
            "tags": ["kept as meta"],
        },
    }
    paths = []
    for name, puzzle in puzzles.items():
        path = folder / f"{name}.json"
        path.write_text(json.dumps(puzzle))
        paths.append(path)
    return paths


def whole(paths: list[str]) -> tuple[int, list[str], str]:
    """The whole command's exit code, rows and summary (``--jobs 1``: never the instant
    path, which takes no option)."""
    done = subprocess.run(
        [sys.executable, "-m", "nonogen", "check", "--jobs", "1", *paths],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, done.stdout.splitlines(), done.stderr.strip().splitlines()[-1]


def instant(
    paths: list[str], capsys: pytest.CaptureFixture[str]
) -> tuple[int | None, list[str], str]:
    """The instant path's exit code (None: left to the whole command), rows and summary."""
    code = check(paths)
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.strip()


def unclocked(lines: list[str]) -> list[str]:
    """Lines without their seconds."""
    return [SOLVING.sub("s solving", SECONDS.sub(" ", line)) for line in lines]


def corpus_files() -> list[str]:
    """A slice of the corpus's black-and-white JSON files: classics, and the survey's puzzles
    the probing search settles (none without the corpus: the files made here stand)."""
    if REQUIRED:
        require(CORPUS)
    classic = sorted(CORPUS.glob("classic/*.json"))[:30]
    survey = [p for p in sorted(CORPUS.glob("survey/webpbn-*.json")) if p.stat().st_size < 20_000]
    return [str(p) for p in [*classic, *survey]]


@pytest.mark.slow
def test_it_answers_as_the_whole_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = [str(p) for p in made(tmp_path)]
    answered = []
    for path in [*paths, *corpus_files()]:
        code, _, _ = instant([path], capsys)
        if code is not None:
            answered.append(path)
    assert set(paths) <= set(answered)  # every kind of answer it gives, from files made here
    code, rows, summary = instant(answered, capsys)
    whole_code, whole_rows, whole_summary = whole(answered)
    assert code == whole_code == 1  # "totals" and "crossed" have no solution
    assert unclocked(rows) == unclocked(whole_rows)
    assert unclocked([summary]) == unclocked([whole_summary])
    assert "MISMATCH" not in "\n".join(rows)
    assert any(" none " in row for row in rows)
    assert any("unique   yes" in row for row in rows)
    assert any("multiple    no" in row for row in rows)
    if corpus_files():  # unique past line logic, graded by probing: from the survey
        assert any("unique    no" in row for row in rows)


WIDE = {"rows": [[1], [1]], "cols": [[1], [1], *[[]] * 63]}
"""Two solutions, 65 cells wide: past the C core's probing search, so the SAT solvers'."""


def lines_file(folder: Path, name: str, objects: list[object], *, gz: bool = False) -> Path:
    """A JSON Lines file of these objects, a blank line among them, gzipped if asked."""
    text = "\n".join([json.dumps(objects[0]), "", *map(json.dumps, objects[1:])]) + "\n"
    path = folder / (name + (".jsonl.gz" if gz else ".jsonl"))
    path.write_bytes(gzip.compress(text.encode(), mtime=0) if gz else text.encode())
    return path


@pytest.mark.slow
@pytest.mark.parametrize("gz", [False, True], ids=["jsonl", "jsonl.gz"])
def test_json_lines_are_answered_as_the_whole_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], gz: bool
) -> None:
    objects: list[object] = [json.loads(p.read_text()) for p in made(tmp_path)]
    for k, obj in enumerate(objects):  # ids of both kinds, and none (labelled by line)
        if isinstance(obj, dict) and k % 3:
            obj["id"] = f"p{k}" if k % 3 == 1 else k
    objects.append({**WIDE, "id": "wide"})  # left to the whole command's solver
    taai = CORPUS / "tournament" / "taai2011.jsonl.gz"
    if taai.exists():  # taai2011 #66: unsettled by probing, settled by SAT
        with gzip.open(taai, "rt") as lines:
            objects.append(json.loads(next(islice(lines, 65, None))))
    path = str(lines_file(tmp_path, "set", objects, gz=gz))
    code, rows, summary = instant([path], capsys)
    whole_code, whole_rows, whole_summary = whole([path])
    assert code == whole_code == 1
    assert unclocked(rows) == unclocked(whole_rows)
    assert unclocked([summary]) == unclocked([whole_summary])
    assert len(rows) == 1 + len(objects)
    assert any(row.startswith(f"{path}#wide ") and " multiple " in row for row in rows)
    assert any(row.startswith(f"{path}#p1 ") for row in rows)
    assert any(row.startswith(f"{path}:1 ") for row in rows)  # no id: its line


def test_a_set_with_any_line_it_cannot_read_goes_to_the_whole_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain: object = {"rows": [[1]], "cols": [[1]]}
    colour: object = {"palette": [["white", "ffffff"], ["red", "ff0000"]], "rows": [], "cols": []}
    sets: list[tuple[str, list[object]]] = [
        ("colour", [plain, colour]),
        ("broken", [plain, "not a puzzle"]),
    ]
    for name, objects in sets:
        path = lines_file(tmp_path, name, objects)
        assert instant([str(path)], capsys)[0] is None
    broken = tmp_path / "broken.jsonl.gz"
    broken.write_bytes(b"\x1f\x8b not gzip")
    assert instant([str(broken)], capsys)[0] is None
    twice = tmp_path / "twice.jsonl.gz"  # two gzip streams: the whole command reads those
    twice.write_bytes(gzip.compress(b'{"rows":[[1]],"cols":[[1]]}\n') * 2)
    assert instant([str(twice)], capsys)[0] is None
    many = lines_file(tmp_path, "many", [plain] * (MOST_PUZZLES + 1))
    assert instant([str(many)], capsys)[0] is None
    assert instant([str(lines_file(tmp_path, "few", [plain] * 3))], capsys)[0] == 0


def test_a_set_over_its_bytes_goes_to_the_whole_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = {"rows": [[1]], "cols": [[1]]}
    objects: list[object] = [plain] * 20  # about 560 bytes, 2 KiB gzipped or not
    flat, packed = lines_file(tmp_path, "flat", objects), lines_file(tmp_path, "packed", objects)
    packed = lines_file(tmp_path, "packed", objects, gz=True)
    assert instant([str(flat)], capsys)[0] == 0
    assert instant([str(packed)], capsys)[0] == 0
    monkeypatch.setattr(instant_module, "MOST_LINES_BYTES", 200)  # over it once gunzipped
    assert packed.stat().st_size < 200 < flat.stat().st_size
    assert instant([str(flat)], capsys)[0] is None
    assert instant([str(packed)], capsys)[0] is None


PICTURES = {
    "diagonal.txt": "#.\n.#\n",  # two solutions
    "empty.txt": "...\n...\n",
    "framed.txt": "; a comment line\r\n\r\n.#.\r\n###\r\n; another\r\n.#.\r\n\r\n",
}


def test_text_pictures_are_answered_as_the_whole_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = [str(Path(__file__).resolve().parents[2] / "samples" / "heart.txt")]
    for name, text in PICTURES.items():
        (tmp_path / name).write_bytes(text.encode())
        paths.append(str(tmp_path / name))
    code, rows, summary = instant(paths, capsys)
    whole_code, whole_rows, whole_summary = whole(paths)
    assert code == whole_code == 1  # the diagonal has two solutions
    assert unclocked(rows) == unclocked(whole_rows)
    assert unclocked([summary]) == unclocked([whole_summary])
    assert len(rows) == 1 + len(paths)


@pytest.mark.parametrize(
    "text",
    [
        "#X\n.#\n",  # another cell character (the whole command reads it)
        "##\n#\n",  # a ragged row
        "\ufeff#.\n.#\n",  # a byte-order mark
        "#.\n\n.#\n",  # a blank row inside the picture
        "#?\n.#\n",  # a cell not given: not a picture
        "",  # nothing drawn
    ],
)
def test_a_picture_it_cannot_read_so_goes_to_the_whole_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    path = tmp_path / "picture.txt"
    path.write_bytes(text.encode())
    assert instant([str(path)], capsys)[0] is None


def test_a_recorded_verdict_that_disagrees_is_marked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps({"rows": [[1]], "cols": [[1]], "solutions_known": "multiple"}))
    code, rows, summary = instant([str(path)], capsys)
    assert code == 0
    assert rows[1].endswith("  MISMATCH with recorded verdict")
    assert unclocked(rows) == unclocked(whole([str(path)])[1])
    assert summary.endswith("1 disagree with a recorded verdict")


@pytest.mark.parametrize(
    ("args", "content"),
    [
        (["--json", "{}"], {"rows": [[1]], "cols": [[1]]}),  # an option
        (["-"], None),  # stdin
        (["{}"], {"rows": [[1]], "cols": [[1]], "givens": ["#"]}),  # cells given
        (["{}"], {"palette": [["white", "ffffff"], ["red", "ff0000"]], "rows": [], "cols": []}),
        (["{}"], {"rows": [[1]], "cols": [[1]], "goal": ["."]}),  # a goal of other clues
        (["{}"], {"rows": [[0]], "cols": [[1]]}),  # not plain run lengths
        (["{}"], {"rows": [[2]], "cols": [[1]]}),  # a clue longer than its line
        (["{}"], {"rows": [[1]], "cols": [[1]], "width": 2}),  # a size that disagrees
        (["{}"], {"rows": [[1]], "cols": [[1]], "version": 2}),  # a newer file
        (["{}"], "not json"),
    ],
)
def test_what_it_cannot_answer_so_goes_to_the_whole_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], content: object
) -> None:
    path = tmp_path / "puzzle.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    code, rows, summary = instant([a.format(path) for a in args], capsys)
    assert code is None
    assert rows == []
    assert summary == ""


def test_a_folder_or_another_format_goes_to_the_whole_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    non = tmp_path / "plus.non"
    non.write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n")
    assert instant([str(tmp_path)], capsys)[0] is None
    assert instant([str(non)], capsys)[0] is None
    assert instant([str(tmp_path / "missing.json")], capsys)[0] is None


def test_its_limits_send_the_rest_to_the_whole_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = tmp_path / "one.json"
    one.write_text(json.dumps({"rows": [[1]], "cols": [[1]]}))
    assert instant([str(one)] * MOST_FILES, capsys)[0] == 0
    assert instant([str(one)] * (MOST_FILES + 1), capsys)[0] is None
    tall = tmp_path / "tall.json"
    tall.write_text(json.dumps({"rows": [[]] * MOST_SIDE, "cols": [[]]}))
    assert instant([str(tall)], capsys)[0] == 0  # no cell filled: unique, every cell empty
    tall.write_text(json.dumps({"rows": [[]] * (MOST_SIDE + 1), "cols": [[]]}))
    assert instant([str(tall)], capsys)[0] is None
    padded = tmp_path / "padded.json"
    padded.write_text(json.dumps({"rows": [[1]], "cols": [[1]], "note": "x" * MOST_BYTES}))
    assert instant([str(padded)], capsys)[0] is None


def test_a_reader_that_leaves_ends_it_quietly(tmp_path: Path) -> None:
    plus = made(tmp_path)[0]
    program = Path(sys.executable).with_name("nonogen")
    command = [str(program)] if program.is_file() else [sys.executable, "-m", "nonogen"]
    with subprocess.Popen(
        [*command, "check", str(plus)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as running:
        assert running.stdout is not None
        assert running.stderr is not None
        running.stdout.close()  # as `| head -0` does, before a line is read
        said = running.stderr.read().decode()
        assert running.wait(timeout=60) == 0
    assert "Traceback" not in said


DECODED_CASES = [
    "{}",
    ' \t\n{"rows": [[1, 2]], "cols": []}\r\n',
    '{"a": 1, "a": 2}',
    '{"a": NaN, "b": -Infinity}',
    '"\\u00e9\\ud83d\\ude00"',
    "1e400",
    "[1, 2.5, true, false, null]",
    '\ufeff{"rows": []}',
    '{"rows": []} {"rows": []}',
    '{"rows": [1,]}',
    "[1, 2",
    "",
    "   ",
    '{"a": "\x01"}',
    "[" * 100_000 + "]" * 100_000,
]


@pytest.mark.parametrize("text", DECODED_CASES, ids=range(len(DECODED_CASES)))
def test_its_json_reader_decodes_as_json_loads(text: str) -> None:
    """``decoded`` (the standard library's C scanner, without ``json``) gives what
    ``json.loads`` gives, and None wherever ``json.loads`` raises."""
    try:
        expected: object = json.loads(text)
    except (ValueError, RecursionError):
        assert instant_module.decoded(text) is None
    else:
        assert repr(instant_module.decoded(text)) == repr(expected)


def test_the_instant_check_loads_no_typing_json_or_numpy(tmp_path: Path) -> None:
    """What it saves: no ``typing``, ``json``, ``re``, ``enum`` or numpy on the instant path."""
    puzzle = tmp_path / "plus.json"
    puzzle.write_text(json.dumps({"rows": [[1], [3], [1]], "cols": [[1], [3], [1]]}))
    shown = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, nonogen.cli as c\n"
            f"sys.argv = ['nonogen', 'check', {str(puzzle)!r}]\n"
            "try:\n    c.main()\nexcept SystemExit:\n    pass\n"
            "print(' '.join(sorted(m for m in ('typing', 'json', 're', 'enum', 'numpy')"
            " if m in sys.modules)), file=sys.stderr)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "unique" in shown.stdout
    assert shown.stderr.splitlines()[-1] == ""


@pytest.mark.slow
def test_a_board_over_64_cells_a_side_that_probing_solves_is_answered(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Past the probing search's word, probing alone: webpbn-4645 (50x70) is unique and
    graded by probing, as the whole command grades it after its SAT search."""
    path = str(require(CORPUS / "survey" / "webpbn-04645.json"))
    code, rows, summary = instant([path], capsys)
    whole_code, whole_rows, whole_summary = whole([path])
    assert code == whole_code == 0
    assert unclocked(rows) == unclocked(whole_rows)
    assert "unique    no     69 hard" in rows[1]
    assert unclocked([summary]) == unclocked([whole_summary])
