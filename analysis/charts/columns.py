"""The numbers behind a chart as plain named columns, for charts drawn without pandas."""

from __future__ import annotations


class Columns(dict):
    """The numbers behind a chart as named columns of equal length (column name -> sequence).

    A chart whose numbers come straight from the store or from a little arithmetic uses
    this instead of a DataFrame, so that drawing it does not import pandas (half a second
    of a fresh process). ``odds GAME chart --data`` writes it as pandas writes a DataFrame.
    """

    def __len__(self) -> int:
        return len(next(iter(self.values()))) if dict.__len__(self) else 0

    def rows(self):
        return zip(*self.values())

    @classmethod
    def from_rows(cls, rows: list[dict], columns: tuple[str, ...] | None = None) -> "Columns":
        """Columns from a list of row dicts (``columns`` names them when there may be no row)."""
        names = columns if columns is not None else tuple(rows[0]) if rows else ()
        return cls({name: [row[name] for row in rows] for name in names})

    def where(self, keep) -> "Columns":
        """The rows whose entry in the sequence ``keep`` is true."""
        keep = list(keep)
        return Columns({name: [value for value, wanted in zip(values, keep) if wanted]
                        for name, values in self.items()})

    def groups(self, column: str) -> dict:
        """The rows of each value of ``column``, in order of first appearance: value -> Columns."""
        return {value: self.where([v == value for v in self[column]]) for value in dict.fromkeys(self[column])}
