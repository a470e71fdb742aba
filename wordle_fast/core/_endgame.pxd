from libc.stdint cimport int32_t, uint8_t, uint16_t, uint32_t

from wordle_fast.core._typedefs cimport intp_t


cdef bint cannot_finish(const intp_t* members, Py_ssize_t n, int depth,
                        const int32_t* endgame_of, Py_ssize_t length, uint32_t* counts,
                        const intp_t* rows, Py_ssize_t n_rows, const uint8_t* codes8,
                        const uint16_t* codes16, Py_ssize_t guess_stride,
                        Py_ssize_t answer_stride, uint8_t* seen, intp_t* scratch) noexcept nogil
