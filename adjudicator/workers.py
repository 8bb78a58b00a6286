"""Work on several processes that can be stopped at any moment and may die.

``multiprocessing.Pool`` can do neither: a worker killed (as the out-of-memory killer does)
leaves its task pending and the parent waits forever, and Ctrl-C raises in every worker
(tracebacks) while the parent may hang. Here each worker has its own pipe and holds one
or two chunks at a time (the next one waits in the worker, so that it never idles between
chunks), so the parent always knows which chunks a dead worker held: it reports those items
through ``lost`` and starts another worker. Workers ignore SIGINT (the
terminal sends it to the whole process group: the parent decides) and die quietly on
SIGTERM; a worker whose parent is gone finds its pipe closed and ends.
"""

from __future__ import annotations

import multiprocessing
import queue
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any, Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: How often the parent looks at the stop flag while waiting for the workers, in seconds.
TICK = 0.1
#: How long ended workers get to exit before they are killed, in seconds.
GRACE = 1.0
#: Chunks a worker holds at once: one it judges, one waiting.
HELD = 2


class Stopped(Exception):
    """The run was asked to stop (the flag was raised): the workers are already ended."""


class Interrupted(BaseException):
    """Raised by the signal handler inside a window where stopping at once is safe (judging
    one record, reading the input), so a stop never waits for a long record. A
    ``BaseException``: no ``except Exception`` of a record's judging may swallow it."""


@dataclass
class _Worker(Generic[T]):
    process: Any
    conn: Connection
    held: deque[tuple[int, list[T]]] = field(default_factory=deque)  # in the order sent


def _serve(func: Callable[[list[Any]], list[Any]], conn: Connection, others: list[Any]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    for other in others:  # the parent's ends of the other workers' pipes, inherited by fork
        other.close()
    tasks: queue.SimpleQueue[Any] = queue.SimpleQueue()

    def read() -> None:
        """Take every chunk as it comes, so the parent's send never waits on our judging."""
        while True:
            try:
                task = conn.recv()
            except (EOFError, OSError):
                task = None  # the parent is gone
            tasks.put(task)
            if task is None:
                return

    threading.Thread(target=read, daemon=True).start()
    while (task := tasks.get()) is not None:
        key, chunk = task
        try:
            conn.send((key, func(chunk)))
        except OSError:
            return  # the parent is gone: nobody to tell


def ordered_map(
    func: Callable[[list[T]], list[R]],
    chunks: Iterable[list[T]],
    jobs: int,
    lost: Callable[[list[T], int | None], list[R]],
    stopping: Callable[[], bool],
) -> Iterator[list[R]]:
    """``func`` of each chunk, in order, on ``jobs`` worker processes (fork).

    At most ``4 * jobs`` chunks are out at once (memory stays bounded). A worker that dies
    gives ``lost(chunk, exitcode)`` for the chunk it held, and another worker takes its
    place. When ``stopping()`` becomes true, every worker is ended and ``Stopped`` raised.
    """
    context = multiprocessing.get_context("fork")
    workers: list[_Worker[T]] = []
    done: dict[int, list[R]] = {}
    source = iter(chunks)
    sent = taken = 0
    exhausted = False

    def start() -> _Worker[T]:
        parent, child = context.Pipe()
        others = [w.conn for w in workers] + [parent]
        process = context.Process(target=_serve, args=(func, child, others), daemon=True)
        process.start()
        child.close()
        return _Worker(process, parent)

    def died(worker: _Worker[T]) -> None:
        worker.process.join(GRACE)
        for key, chunk in worker.held:
            done[key] = lost(chunk, worker.process.exitcode)
        worker.conn.close()
        workers[workers.index(worker)] = start()

    try:
        for _ in range(jobs):
            workers.append(start())
        while True:
            if stopping():
                raise Stopped
            for worker in list(workers):
                while len(worker.held) < HELD and not exhausted and sent - taken < 4 * jobs:
                    chunk = next(source, None)
                    if chunk is None:
                        exhausted = True
                        break
                    worker.held.append((sent, chunk))
                    sent += 1
                    try:
                        worker.conn.send((sent - 1, chunk))
                    except OSError:
                        died(worker)
                        break
            while taken in done:
                yield done.pop(taken)
                taken += 1
            if exhausted and taken == sent:
                return
            busy = [w for w in workers if w.held]
            ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy], TICK)
            for worker in busy:
                if worker.conn in ready or worker.process.sentinel in ready:
                    try:
                        if not worker.conn.poll():
                            raise EOFError
                        key, results = worker.conn.recv()
                    except Exception:  # closed, or cut off mid-message by the death
                        if not worker.process.is_alive():
                            died(worker)
                        continue
                    done[key] = results
                    worker.held.popleft()
    finally:
        _end([w.process for w in workers])
        for worker in workers:
            worker.conn.close()


def _end(processes: list[Any]) -> None:
    """SIGTERM to every worker still alive, then SIGKILL to any that outlives the grace."""
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(GRACE)
        if process.is_alive():
            process.kill()
            process.join(GRACE)
