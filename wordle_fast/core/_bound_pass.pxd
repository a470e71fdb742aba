# The exact searcher's second layer (see _bound_pass.pyx).
from libc.stdint cimport int32_t, int64_t, uint64_t

from wordle_fast.core._search_base cimport Frame, Scratch, SearchBase
from wordle_fast.core._typedefs cimport intp_t


cdef class BoundPass(SearchBase):
    cdef int64_t _set_bound(self, const intp_t* members, Py_ssize_t n, int depth,
                            const intp_t* rows, Py_ssize_t n_rows, Scratch* scratch,
                            const int64_t* reach=*, Py_ssize_t most=*, int64_t enough=*,
                            int64_t ceiling=*, bint by_place=*) noexcept nogil
    cdef int64_t _opener_bound(self, Py_ssize_t opener, int depth, int64_t threshold,
                               Scratch* scratch, int64_t* bounds_out, int64_t* sizes_out,
                               int64_t* codes_out, Py_ssize_t* n_out,
                               const int32_t* ids=*, int64_t* shared=*) noexcept nogil
    cdef int64_t _scan_children(self, Frame* f, int64_t budget, int64_t total,
                                reach) except -2
    cdef _note_unions(self, const Frame* f, legal, bytes context)
    cdef void _merge_parts(self, const Frame* f, const Py_ssize_t* parts, Py_ssize_t count,
                           intp_t* merged) noexcept nogil
