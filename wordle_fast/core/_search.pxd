# The exact searcher's third layer, the search (see _search.pyx).
from libc.stdint cimport int64_t, uint32_t, uint64_t

from wordle_fast.core._bound_pass cimport BoundPass
from wordle_fast.core._memo cimport Fingerprint
from wordle_fast.core._search_base cimport Frame
from wordle_fast.core._typedefs cimport intp_t


cdef class Search(BoundPass):
    cdef int64_t _solve(self, const intp_t* members, Py_ssize_t n, int depth, int64_t budget,
                        legal, bytes context, Py_ssize_t guess=*, Py_ssize_t code=*) except -1
    cdef int64_t _solve_keyed(self, const intp_t* members, Py_ssize_t n, int depth,
                              int64_t budget, legal, bytes context, Py_ssize_t guess,
                              Py_ssize_t code, Fingerprint key, int64_t entry, reach=*,
                              Py_ssize_t most=*) except -1
    cdef int64_t _search(self, const intp_t* members, Py_ssize_t n, int depth, int64_t budget,
                         legal, bytes context, reach=*, Py_ssize_t most=*) except -1
    cdef int64_t _guess_cost(self, const intp_t* members, Py_ssize_t n, Py_ssize_t guess,
                             int depth, int64_t budget, legal, bytes context,
                             reach=*, char* work=*, Py_ssize_t cap=*) except -1
    cdef int64_t _bucket_costs(self, Frame* f, int64_t budget, legal, bytes context,
                               reach) except -1
    cdef int64_t _cost_by_sizes(self, const Frame* f, uint32_t* counts) noexcept nogil
    cdef int64_t _group_buckets(self, const Frame* f, const uint32_t* counts,
                                Py_ssize_t* n_buckets_out) noexcept nogil
    cdef int64_t _settle_children(self, Frame* f, int64_t budget, int64_t total, legal,
                                  bytes context, list contexts) except -1
    cdef int64_t _probe_children(self, Frame* f, int64_t budget, int64_t total, legal,
                                 list contexts, reach) except -1
    cdef int64_t _search_children(self, Frame* f, int64_t budget, int64_t total, legal,
                                  list contexts, reach) except -1
    cdef int64_t _solve_child(self, const Frame* f, Py_ssize_t b, int64_t budget, legal,
                              list contexts, reach) except -1
