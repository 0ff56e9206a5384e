"""Customer import of any size: rows split into the documented batches (5,000 rows, 8 MiB), sent in order, with progress."""
from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence

#: Rows per ``import_customers`` request (the server refuses more).
IMPORT_BATCH_ROWS = 5000
#: Body bytes per request: under the route's 8 MiB limit, with room for the envelope.
IMPORT_BATCH_BYTES = int(7.5 * 1024 * 1024)

Row = Mapping[str, Any]


@dataclass(frozen=True)
class ImportProgress:
    """Rows sent so far and in all, batches committed so far and in all, imported and failed rows so far, and the
    answer of the batch just committed."""

    done: int
    total: int
    batches: int
    total_batches: int
    imported: int
    errors: int
    batch: Dict[str, Any]


def import_slices(rows: Sequence[Row], max_rows: int = IMPORT_BATCH_ROWS,
                  max_bytes: int = IMPORT_BATCH_BYTES) -> List[List[Row]]:
    """``rows`` in slices of at most ``max_rows`` rows and ``max_bytes`` of JSON."""
    if not isinstance(max_rows, int) or not 1 <= max_rows <= IMPORT_BATCH_ROWS:
        raise ValueError(f"batch_rows must be an integer 1..{IMPORT_BATCH_ROWS}, got {max_rows!r}")
    slices: List[List[Row]] = []
    current: List[Row] = []
    size_so_far = 0
    for row in rows:
        size = len(json.dumps(row).encode("utf-8")) + 1
        if current and (len(current) >= max_rows or size_so_far + size > max_bytes):
            slices.append(current)
            current, size_so_far = [], 0
        current.append(row)
        size_so_far += size
    if current:
        slices.append(current)
    return slices


def import_in_batches(rows: Sequence[Row], send: Callable[[Dict[str, Any]], Dict[str, Any]], *,
                      batch_label: Optional[str], batch_rows: int,
                      on_progress: Optional[Callable[[ImportProgress], None]]) -> Dict[str, Any]:
    """Sends each slice in order and joins the answers: ``results[i]["row_index"]`` is the row's input position."""
    slices = import_slices(rows, batch_rows)
    joined: Dict[str, Any] = {"batches": [], "total_rows": 0, "imported_count": 0, "error_count": 0,
                              "results": [], "unknown_columns": []}
    unknown = set()
    offset = 0
    for i, piece in enumerate(slices):
        body: Dict[str, Any] = {"rows": list(piece)}
        if batch_label is not None:
            body["batch_label"] = batch_label if len(slices) == 1 else f"{batch_label} ({i + 1}/{len(slices)})"
        batch = send(body)
        joined["batches"].append(batch)
        for key in ("total_rows", "imported_count", "error_count"):
            joined[key] += batch[key]
        joined["results"].extend({**r, "row_index": r["row_index"] + offset} for r in batch["results"])
        unknown.update(batch["unknown_columns"])
        offset += len(piece)
        if on_progress:
            on_progress(ImportProgress(done=offset, total=len(rows), batches=i + 1, total_batches=len(slices),
                                       imported=joined["imported_count"], errors=joined["error_count"], batch=batch))
    joined["unknown_columns"] = sorted(unknown)
    return joined


def parse_csv(text: str) -> List[Dict[str, str]]:
    """Rows of a CSV file keyed by its header row, with the merchant dashboard's rules: names trimmed and
    lower-cased, empty cells left out (the server treats absent and empty alike)."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    header = [name.strip().lower() for name in next(reader, [])]
    rows = []
    for record in reader:
        if record == [] or record == [""]:
            continue
        rows.append({name: cell for name, cell in zip(header, record) if name and cell != ""})
    return rows
