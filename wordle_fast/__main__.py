"""``python -m wordle_fast`` and the ``wordle-fast`` command.

Before the Ctrl-C handler come only what the interpreter has already loaded
and the package's own first lines (its errors, and a look at which folder
holds the built package: about 2 ms, with no imports of their own, to keep
that window small); numpy and the kernels load inside the handler, with
SIGINT held back, so an interrupt at any moment once the interpreter is up
exits with 130 and one line, never a traceback. SIGTERM stops a command
the same way (exit 143).
"""

import sys

from wordle_fast.errors import EXIT_INTERRUPTED, EXIT_TERMINATED, WordleError


def main() -> int:
    terminated = []

    def stop(signum, frame):
        # SIGTERM stops the work as a Ctrl-C does (worker pools shut down,
        # what is proven saved), and the exit code says which it was.
        terminated.append(signum)
        raise KeyboardInterrupt

    try:
        import os
        import signal

        # A Ctrl-C inside numpy's import comes out as an ImportError, so it
        # is held back until the imports are done, then raised here.
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        try:
            signal.signal(signal.SIGTERM, stop)
            try:
                from wordle_fast.cli import main as run
            except WordleError as error:   # a bad WORDLE_FAST_IMPL, found as the kernels load
                sys.stderr.write(f"wordle-fast: error: {error}\n")
                return 2
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
        code = run()
    except KeyboardInterrupt:
        sys.stderr.write(f"\nwordle-fast: {'terminated' if terminated else 'interrupted'}\n")
        return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED
    # The work is done and its output written; a Ctrl-C while the
    # interpreter shuts down (worker pools, module teardown) ends the
    # process at once with 130 instead of a traceback.
    try:
        sys.stdout.flush()
    except (BrokenPipeError, ValueError):
        pass
    signal.signal(signal.SIGINT, lambda signum, frame: os._exit(EXIT_INTERRUPTED))
    signal.signal(signal.SIGTERM, lambda signum, frame: os._exit(EXIT_TERMINATED))
    if terminated and code == EXIT_INTERRUPTED:
        return EXIT_TERMINATED
    return code


if __name__ == "__main__":
    sys.exit(main())
