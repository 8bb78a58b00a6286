"""The command's first step, before anything heavy is imported: Ctrl-C or SIGTERM while the
program starts ends it quietly with 130 or 143, never a traceback. ``check`` puts its own
handlers in place once it runs (``cli.exits.Signals``)."""

from __future__ import annotations

import os
import signal
from typing import Any

_EXIT: dict[int, int] = {signal.SIGINT: 130, signal.SIGTERM: 143}


def _quit(signum: int, frame: Any) -> None:
    os._exit(_EXIT[signum])


def main() -> None:
    for signum in _EXIT:
        if signal.getsignal(signum) is not signal.SIG_IGN:  # an ignored one stays ignored
            signal.signal(signum, _quit)
    from adjudicator.cli import main as run

    run()
