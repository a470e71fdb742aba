"""Worker processes that leave Ctrl-C to the parent.

A Ctrl-C reaches every process of the terminal's foreground group. A worker
caught importing numpy would print a traceback, and one running compiled
code would not stop. So workers never see SIGINT: it is blocked in the
parent thread while a worker starts, and the blocked mask is inherited
across fork and exec (a Ctrl-C in that moment waits, then reaches the
parent). The parent stops its workers itself, and should it die without
doing so (killed, or out of memory), the kernel stops them (Linux).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from concurrent.futures import ProcessPoolExecutor

PR_SET_PDEATHSIG = 1    # prctl(2): a signal for this process when its parent dies


class _QuietPool(ProcessPoolExecutor):
    def submit(self, *args, **kwargs):
        # ProcessPoolExecutor starts its spawned workers inside submit()
        # (map() goes through here too). Blocking SIGINT here keeps it from
        # the workers; but the kernel may hand it to another thread, and
        # Python would then raise KeyboardInterrupt here all the same, with
        # a worker started but not yet sent its instructions (it printed an
        # EOFError traceback). So the handler only notes it until the
        # worker has started, and the interrupt is raised after.
        noted = []
        in_main = threading.current_thread() is threading.main_thread()   # (signal's rule)
        if in_main:
            handler = signal.signal(signal.SIGINT, lambda signum, frame: noted.append(signum))
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            return super().submit(*args, **kwargs)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
            if in_main:
                # (None: a handler not set from Python, whose nearest is the default)
                signal.signal(signal.SIGINT, signal.SIG_DFL if handler is None else handler)
                if noted:
                    signal.raise_signal(signal.SIGINT)   # now, to the handler it had

    def __exit__(self, error_type, error, traceback):
        if error_type is not None:   # a Ctrl-C or an error: do not wait for the jobs
            self.terminate()
            return False
        return super().__exit__(error_type, error, traceback)

    def terminate(self) -> None:
        """Stop every worker now (a job in compiled code would not return
        for a shutdown request)."""
        for process in list((self._processes or {}).values()):
            process.terminate()
        # Waiting is quick now that the workers are gone, and lets the pool's
        # own thread close its pipe before the interpreter's exit handler
        # writes to it (a race that printed "Bad file descriptor").
        self.shutdown(wait=True, cancel_futures=True)


def _die_with(parent: int) -> None:
    # Each worker's initializer. Without it, a worker outlived a parent
    # stopped by SIGTERM, and went on with its job for minutes.
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):   # not Linux: the parent's own stop still holds
        return
    if os.getppid() != parent:          # it died before the request was made
        os._exit(1)


def spawn_pool(workers: int) -> _QuietPool:
    """``workers`` processes, spawned, not forked: a forked child inherits
    OpenMP's thread pool and hung in its first parallel loop."""
    return _QuietPool(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                      initializer=_die_with, initargs=(os.getpid(),))
