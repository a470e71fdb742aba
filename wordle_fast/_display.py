"""HTML tables for the result objects' ``_repr_html_`` (Jupyter and other
notebooks), capped so that a 12972-row ranking shows its head, not a
megabyte of markup."""

from __future__ import annotations

from html import escape
from itertools import islice
from typing import Iterable, Sequence

# Rows a table shows before it says how many more there are.
HTML_ROWS = 20


def html_table(caption: str, header: Sequence[str], rows: Iterable[Sequence],
               total: int | None = None) -> str:
    """``caption`` over a table of the first ``HTML_ROWS`` of ``rows``;
    ``total`` (the rows there are in all) adds a line for the ones left out."""
    shown = [list(row) for row in islice(rows, HTML_ROWS)]
    lines = [f"<table><caption>{escape(caption)}</caption>",
             "<tr>" + "".join(f"<th>{escape(str(h))}</th>" for h in header) + "</tr>"]
    lines += ["<tr>" + "".join(f"<td>{escape(cell_text(value))}</td>" for value in row) + "</tr>"
              for row in shown]
    if total is not None and total > len(shown):
        lines.append(f'<tr><td colspan="{len(header)}">… {total - len(shown)} more</td></tr>')
    lines.append("</table>")
    return "\n".join(lines)


def cell_text(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.4f}"
    return str(value)
