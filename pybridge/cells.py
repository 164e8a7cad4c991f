"""How values are spelled, and the grid sizes there are: shared by reading, writing and printing."""
from __future__ import annotations

# Standard box shape (rows, columns) of each supported size.
BOX_SHAPES: dict[int, tuple[int, int]] = {
    4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5),
}
VALUE_CHARS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MARK = -1  # in a grid printed as text: a cell to point at, shown as `*`


def value_char(value: int) -> str:
    """The one-character spelling of a value: 1-9, then A for 10 and so on; `.` for 0, `*` for MARK."""
    if value == MARK:
        return "*"
    return "." if value == 0 else VALUE_CHARS[value - 1]
