# Sharing the cores with other processes: the back-off every parallel kernel
# uses (see _parallel.pyx for why).

cdef extern from *:
    """
    #ifdef _OPENMP
    #include <omp.h>
    static double wf_now(void) { return omp_get_wtime(); }
    static int wf_max_threads(void) { return omp_get_max_threads(); }
    static int wf_thread(void) { return omp_get_thread_num(); }
    #else
    #include <time.h>
    static double wf_now(void) { return (double) clock() / CLOCKS_PER_SEC; }
    static int wf_max_threads(void) { return 1; }
    static int wf_thread(void) { return 0; }
    #endif
    """
    double wf_now() noexcept nogil        # wall-clock seconds
    int wf_max_threads() noexcept nogil   # threads a parallel region would get
    int wf_thread() noexcept nogil        # this thread's number in its region


cdef enum:
    MAX_THREADS = 256     # threads one region may use (their busy times are kept)
    PAD = 8               # doubles per thread slot: one 64-byte cache line each


cdef class CoreShare:
    cdef readonly int n_threads           # requested; 0: every core OpenMP sees
    cdef readonly Py_ssize_t min_work     # smaller regions run on one thread
    cdef Py_ssize_t serial_left           # regions still to run on one thread
    cdef Py_ssize_t serial_stretch        # how many the next back-off lasts
    cdef readonly Py_ssize_t regions, serial_regions, backoffs   # counts, for tests and benchmarks
    cdef readonly double last_idle        # thread-seconds the last parallel region waited
    cdef int threads                      # threads of the region under way
    cdef double started                   # when it started
    cdef double busy[MAX_THREADS * PAD]   # per thread: seconds spent working in it

    cdef int begin(self, Py_ssize_t work) noexcept nogil
    cdef void end(self) noexcept nogil
    cdef inline void add_busy(self, double seconds) noexcept nogil:
        self.busy[wf_thread() * PAD] += seconds
