"""Types of the optional C core (``nonogen/_native.c``)."""

from collections.abc import Iterable

COLOUR_MAX_SIDE: int

def solve_line(
    clue: tuple[int, ...], size: int, filled: int, empty: int, /
) -> tuple[int, int] | None: ...
def line_starts(
    clue: tuple[int, ...], size: int, filled: int, empty: int, /
) -> tuple[int, ...] | None: ...
def propagate(
    rows: tuple[tuple[int, ...], ...],
    cols: tuple[tuple[int, ...], ...],
    row_filled: tuple[int, ...],
    row_empty: tuple[int, ...],
    col_filled: tuple[int, ...],
    col_empty: tuple[int, ...],
    dirty_rows: Iterable[int] | None,
    dirty_cols: Iterable[int] | None,
    max_sweeps: int,
    seconds: float = ...,
    /,
) -> tuple[
    tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None,
    int,
    int,
    int,
    str,
    bool,
]: ...
def probe(
    rows: tuple[tuple[int, ...], ...],
    cols: tuple[tuple[int, ...], ...],
    row_filled: tuple[int, ...],
    row_empty: tuple[int, ...],
    col_filled: tuple[int, ...],
    col_empty: tuple[int, ...],
    seconds: float,
    on_words: bool = True,
    /,
) -> tuple[
    tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None,
    int,
    int,
    bool,
]: ...
def encode_line(
    clue: tuple[int, ...],
    size: int,
    cells: list[int | bool],
    starts: tuple[int, ...],
    top: int,
    /,
) -> tuple[list[list[int]], list[list[int | bool]], int]: ...
def colour_propagate(
    rows: tuple[tuple[tuple[int, int], ...], ...],
    cols: tuple[tuple[tuple[int, int], ...], ...],
    board: tuple[tuple[int, ...], ...],
    dirty_rows: Iterable[int] | None,
    dirty_cols: Iterable[int] | None,
    max_sweeps: int,
    /,
) -> tuple[tuple[tuple[int, ...], ...] | None, int, int, str, int]: ...
def search(
    rows: tuple[tuple[int, ...], ...],
    cols: tuple[tuple[int, ...], ...],
    row_filled: tuple[int, ...],
    row_empty: tuple[int, ...],
    col_filled: tuple[int, ...],
    col_empty: tuple[int, ...],
    limit: int,
    max_work: int,
    seconds: float,
    /,
) -> tuple[list[tuple[int, ...]], bool, int, int, int]: ...
def implications(
    rows: tuple[tuple[int, ...], ...],
    cols: tuple[tuple[int, ...], ...],
    row_filled: tuple[int, ...],
    row_empty: tuple[int, ...],
    col_filled: tuple[int, ...],
    col_empty: tuple[int, ...],
    max_clauses: int,
    seconds: float,
    /,
) -> list[list[int]] | None: ...
