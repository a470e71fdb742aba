"""Parallel regions that share a busy machine.

An OpenMP region ends at a barrier. When other processes hold the cores,
that barrier waits for a thread the scheduler has put aside, for a whole
time slice, and a kernel that opens thousands of short regions (a score per
turn, a bound scan per set) became 3x-50x slower: measured here, ``simulate
--opener soare`` went from 1.05 s to 25 s beside a second ``wordle-fast
simulate``, where one thread alone takes 1.4 s. ``OMP_WAIT_POLICY=passive``
fixed the busy case but cost 70% on a quiet machine.

So every region times itself: each thread adds up the time it spent working
(``add_busy``), and when the threads waited for more than 40% of the
region's span (and longer than a quiet machine's thread wake-up), the next
regions run on one thread, for a stretch that
doubles while the machine stays busy and halves once a region runs well
again. On a quiet machine nothing changes. A ``CoreShare`` belongs to the
object that runs the kernels (a ``Lexicon``, a searcher): no state is
global, and two searches in one process learn separately.
"""

from libc.string cimport memset

# Regions of less work (in units of one candidate's code read) run on one
# thread. Scoring the full pool of 12972 guesses over 2 candidates (work
# 130 k) took 690 us on one thread, 335 us on two; 500 guesses over 20
# candidates (14 k), 72 and 44 us; 100 guesses, 12 and 13 us.
DEFAULT_MIN_WORK = 1 << 13
# Threads waiting longer than this in one region mean other processes hold
# the cores: on a quiet machine the wait is the wake-up of the threads,
# 40-80 us (90th percentile, 2 threads) however short the region, beside one
# busy process 8-20 ms (a time slice).
cdef double BUSY_WAIT = 0.5e-3


cdef class CoreShare:
    """How many threads the next parallel region gets: ``n_threads`` (None
    or 0: every core), one for regions of less than ``min_work`` units, and
    one for a while after a region found the cores busy."""

    def __init__(self, n_threads=None, Py_ssize_t min_work=DEFAULT_MIN_WORK):
        n_threads = 0 if n_threads is None else int(n_threads)
        if n_threads < 0:
            raise ValueError(f"n_threads must be 0 (every core) or more, got {n_threads}")
        self.n_threads, self.min_work = n_threads, min_work
        self.serial_left, self.serial_stretch = 0, 16
        self.regions = self.serial_regions = self.backoffs = 0
        self.threads = 1

    def __repr__(self):
        return (f"CoreShare(n_threads={self.n_threads or 'every core'}, regions={self.regions}, "
                f"on one thread={self.serial_regions}, back-offs={self.backoffs})")

    @property
    def backing_off(self) -> bool:
        """True while regions run on one thread because the cores were busy."""
        return self.serial_left > 0

    cdef int begin(self, Py_ssize_t work) noexcept nogil:
        # The threads for a region of `work` units; call end() after it.
        cdef int threads = self.n_threads if self.n_threads > 0 else wf_max_threads()
        threads = min(threads, MAX_THREADS)
        self.regions += 1
        if threads > 1 and work < self.min_work:
            threads = 1
        elif threads > 1 and self.serial_left > 0:
            self.serial_left -= 1
            threads = 1
        if threads == 1:
            self.serial_regions += 1
        else:
            memset(self.busy, 0, threads * PAD * sizeof(double))
            self.started = wf_now()
        self.threads = threads
        return threads

    cdef void end(self) noexcept nogil:
        cdef double used = 0, elapsed
        cdef int thread
        if self.threads <= 1:
            return
        elapsed = wf_now() - self.started
        for thread in range(self.threads):
            used += self.busy[thread * PAD]
        self.last_idle = self.threads * elapsed - used
        if self.last_idle > 0.4 * self.threads * elapsed and self.last_idle > BUSY_WAIT:
            self.backoffs += 1
            self.serial_left = self.serial_stretch
            self.serial_stretch = min(2 * self.serial_stretch, 1 << 16)
        else:
            self.serial_stretch = max(self.serial_stretch // 2, 16)
