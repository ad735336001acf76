"""The names of ``nonogen.pipeline``, each said once, in the import that exports it (a
stub's ``name as name``): what type checkers read, and what ``nonogen.lazy.stubbed``
reads to load each name from its module on first use."""

from nonogen.pipeline.blind import (
    check_blind_folder as check_blind_folder,
    solution_picture as solution_picture,
    write_blind as write_blind,
)
from nonogen.pipeline.check import (
    RECORD_VERSION as RECORD_VERSION,
    Checked as Checked,
    Progress as Progress,
    SolveOptions as SolveOptions,
    agrees as agrees,
    ansi_rows as ansi_rows,
    check_paths as check_paths,
    convert_file as convert_file,
    entries_in_text as entries_in_text,
    expected_of as expected_of,
    for_print as for_print,
    grid_rows as grid_rows,
    print_ready as print_ready,
    read_any as read_any,
    solve_file as solve_file,
    solve_with as solve_with,
    tallied as tallied,
    terminal_rows as terminal_rows,
    verdict_record as verdict_record,
)
from nonogen.pipeline.checkrows import CHECK_HEADER as CHECK_HEADER, CheckTally as CheckTally
from nonogen.pipeline.fidelity import fidelity_of as fidelity_of
from nonogen.pipeline.fixing import fix_file as fix_file
from nonogen.pipeline.made import (
    OPEN_WEIGHT as OPEN_WEIGHT,
    REPAIR_RANKED as REPAIR_RANKED,
    RETRIES as RETRIES,
    MAX_VERDICT_SECONDS as MAX_VERDICT_SECONDS,
    Made as Made,
    MakeListener as MakeListener,
    MakeProgress as MakeProgress,
    ignore_progress as ignore_progress,
    repair_move as repair_move,
    write_sheet as write_sheet,
)
from nonogen.pipeline.picture import make_puzzle as make_puzzle
from nonogen.pipeline.report import (
    BENCH_INDEX as BENCH_INDEX,
    LINE_KINDS as LINE_KINDS,
    ReportRow as ReportRow,
    ReportSummary as ReportSummary,
    ReportTask as ReportTask,
    Truth as Truth,
    bench_truths as bench_truths,
    report_case as report_case,
    report_header as report_header,
    report_rows as report_rows,
    report_summary as report_summary,
    sheet_note as sheet_note,
)
from nonogen.pipeline.settings import (
    DIFFICULTIES as DIFFICULTIES,
    REPAIRS as REPAIRS,
    MakeOptions as MakeOptions,
)
from nonogen.pipeline.shortfall import (
    Shortfall as Shortfall,
    Spelling as Spelling,
    conversion_line as conversion_line,
    field as field,
    flag as flag,
)
