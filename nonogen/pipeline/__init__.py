"""The one orchestration the entry points call (cli and service): read puzzles, solve them,
make puzzles from pictures, report records.

    check   puzzles read, solved and recorded, either kind (check, solve, convert, print)
    make    a picture made into a unique black-and-white puzzle
    colour  a picture made into a unique colour puzzle
    report  every picture at every width, scored against the bench masks

Importing a name loads only the module that defines it (PEP 562), so that ``nonogen check``
does not load the picture stages it never uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nonogen.lazy import lazy_names

if TYPE_CHECKING:
    from nonogen.pipeline.blind import check_blind_folder, solution_picture, write_blind
    from nonogen.pipeline.check import (
        RECORD_VERSION,
        Checked,
        Progress,
        SolveOptions,
        agrees,
        ansi_rows,
        check_paths,
        convert_file,
        entries_in_text,
        expected_of,
        for_print,
        grid_rows,
        print_ready,
        read_any,
        solve_file,
        solve_with,
        tallied,
        terminal_rows,
        verdict_record,
    )
    from nonogen.pipeline.checkrows import CHECK_HEADER, CheckTally
    from nonogen.pipeline.colour import MadeColour
    from nonogen.pipeline.fidelity import colour_fidelity, mono_fidelity
    from nonogen.pipeline.fixing import fix_file
    from nonogen.pipeline.make import (
        OPEN_WEIGHT,
        REPAIR_RANKED,
        RETRIES,
        VERDICT_SECONDS,
        Made,
        MadeMono,
        MakeListener,
        MakeProgress,
        ignore_progress,
        preview_of,
        repair_move,
        sheet_entry,
        write_sheet,
    )
    from nonogen.pipeline.picture import make_puzzle
    from nonogen.pipeline.report import (
        BENCH_INDEX,
        LINE_KINDS,
        ReportRow,
        ReportSummary,
        ReportTask,
        Truth,
        bench_truths,
        report_case,
        report_header,
        report_rows,
        report_summary,
        sheet_note,
    )
    from nonogen.pipeline.settings import DIFFICULTIES, REPAIRS, MakeOptions
    from nonogen.pipeline.shortfall import Shortfall, Spelling, conversion_line, field, flag

_WHERE: dict[str, str] = {
    "BENCH_INDEX": "nonogen.pipeline.report",
    "CHECK_HEADER": "nonogen.pipeline.checkrows",
    "CheckTally": "nonogen.pipeline.checkrows",
    "Checked": "nonogen.pipeline.check",
    "DIFFICULTIES": "nonogen.pipeline.settings",
    "LINE_KINDS": "nonogen.pipeline.report",
    "Made": "nonogen.pipeline.make",
    "MadeColour": "nonogen.pipeline.colour",
    "MadeMono": "nonogen.pipeline.make",
    "MakeListener": "nonogen.pipeline.make",
    "MakeOptions": "nonogen.pipeline.settings",
    "MakeProgress": "nonogen.pipeline.make",
    "OPEN_WEIGHT": "nonogen.pipeline.make",
    "Progress": "nonogen.pipeline.check",
    "RECORD_VERSION": "nonogen.pipeline.check",
    "REPAIRS": "nonogen.pipeline.settings",
    "REPAIR_RANKED": "nonogen.pipeline.make",
    "RETRIES": "nonogen.pipeline.make",
    "ReportRow": "nonogen.pipeline.report",
    "ReportSummary": "nonogen.pipeline.report",
    "ReportTask": "nonogen.pipeline.report",
    "Shortfall": "nonogen.pipeline.shortfall",
    "SolveOptions": "nonogen.pipeline.check",
    "Spelling": "nonogen.pipeline.shortfall",
    "Truth": "nonogen.pipeline.report",
    "VERDICT_SECONDS": "nonogen.pipeline.make",
    "agrees": "nonogen.pipeline.check",
    "ansi_rows": "nonogen.pipeline.check",
    "bench_truths": "nonogen.pipeline.report",
    "check_blind_folder": "nonogen.pipeline.blind",
    "check_paths": "nonogen.pipeline.check",
    "colour_fidelity": "nonogen.pipeline.fidelity",
    "conversion_line": "nonogen.pipeline.shortfall",
    "convert_file": "nonogen.pipeline.check",
    "expected_of": "nonogen.pipeline.check",
    "mono_fidelity": "nonogen.pipeline.fidelity",
    "field": "nonogen.pipeline.shortfall",
    "fix_file": "nonogen.pipeline.fixing",
    "flag": "nonogen.pipeline.shortfall",
    "for_print": "nonogen.pipeline.check",
    "grid_rows": "nonogen.pipeline.check",
    "ignore_progress": "nonogen.pipeline.make",
    "make_puzzle": "nonogen.pipeline.picture",
    "preview_of": "nonogen.pipeline.make",
    "print_ready": "nonogen.pipeline.check",
    "entries_in_text": "nonogen.pipeline.check",
    "read_any": "nonogen.pipeline.check",
    "repair_move": "nonogen.pipeline.make",
    "report_case": "nonogen.pipeline.report",
    "report_header": "nonogen.pipeline.report",
    "report_rows": "nonogen.pipeline.report",
    "report_summary": "nonogen.pipeline.report",
    "sheet_entry": "nonogen.pipeline.make",
    "sheet_note": "nonogen.pipeline.report",
    "solution_picture": "nonogen.pipeline.blind",
    "solve_file": "nonogen.pipeline.check",
    "solve_with": "nonogen.pipeline.check",
    "tallied": "nonogen.pipeline.check",
    "terminal_rows": "nonogen.pipeline.check",
    "verdict_record": "nonogen.pipeline.check",
    "write_blind": "nonogen.pipeline.blind",
    "write_sheet": "nonogen.pipeline.make",
}
"""Where each name of ``__all__`` is defined."""


__getattr__ = lazy_names(__name__, _WHERE)


__all__ = [
    "BENCH_INDEX",
    "CHECK_HEADER",
    "DIFFICULTIES",
    "LINE_KINDS",
    "OPEN_WEIGHT",
    "RECORD_VERSION",
    "REPAIRS",
    "REPAIR_RANKED",
    "RETRIES",
    "VERDICT_SECONDS",
    "CheckTally",
    "Checked",
    "Made",
    "MadeColour",
    "MadeMono",
    "MakeListener",
    "MakeOptions",
    "MakeProgress",
    "Progress",
    "ReportRow",
    "ReportSummary",
    "ReportTask",
    "Shortfall",
    "SolveOptions",
    "Spelling",
    "Truth",
    "agrees",
    "ansi_rows",
    "bench_truths",
    "check_blind_folder",
    "check_paths",
    "colour_fidelity",
    "conversion_line",
    "convert_file",
    "entries_in_text",
    "expected_of",
    "field",
    "fix_file",
    "flag",
    "for_print",
    "grid_rows",
    "ignore_progress",
    "make_puzzle",
    "mono_fidelity",
    "preview_of",
    "print_ready",
    "read_any",
    "repair_move",
    "report_case",
    "report_header",
    "report_rows",
    "report_summary",
    "sheet_entry",
    "sheet_note",
    "solution_picture",
    "solve_file",
    "solve_with",
    "tallied",
    "terminal_rows",
    "verdict_record",
    "write_blind",
    "write_sheet",
]
