"""Splits a list into requests of at most N items, runs them in order, and reports progress after each."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, List, Optional, Sequence, TypeVar

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class Progress:
    """Items answered so far and in all; requests answered so far and in all."""

    done: int
    total: int
    requests: int
    total_requests: int


def chunk(items: Sequence[T], size: int) -> List[List[T]]:
    if not isinstance(size, int) or size < 1:
        raise ValueError(f"chunk size must be a positive integer, got {size!r}")
    return [list(items[i:i + size]) for i in range(0, len(items), size)]


#: Makes the exception a split call raises from a failed request: told the slice's offset and the answers before it.
SplitFailure = Callable[[Exception, int, List[R]], Exception]


def run_split(items: Sequence[T], size: int, send: Callable[[List[T]], R],
              on_progress: Optional[Callable[[Progress], None]] = None,
              failure: Optional[SplitFailure[R]] = None) -> List[R]:
    """``send`` on each slice in order; the answers in slice order. The first failure stops and is raised, as
    ``failure`` makes it."""
    slices = chunk(items, size)
    answers: List[R] = []
    done = 0
    for i, piece in enumerate(slices):
        try:
            answers.append(send(piece))
        except Exception as err:
            moved = err if failure is None else failure(err, i * size, list(answers))
            if moved is err:
                raise
            raise moved from err
        done += len(piece)
        if on_progress:
            on_progress(Progress(done=done, total=len(items), requests=i + 1, total_requests=len(slices)))
    return answers
