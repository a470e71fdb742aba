# Fixed-width types shared by the compiled modules, each with the reason for
# its width.

from libc.stdint cimport int32_t, uint8_t, uint16_t, uint32_t, uint64_t

# Indices into numpy arrays (rows, answers, members): numpy's intp, so index
# arrays pass to the kernels without a copy.
ctypedef Py_ssize_t intp_t

# Letters are 0..25; one byte keeps a 12972 x 5 word table at 65 KB.
ctypedef uint8_t letter_t

# Bitset storage unit: one popcount instruction counts 64 candidates.
ctypedef uint64_t bitword_t

# Bucket sizes: a candidate set never holds 2**31 words, and int32 halves the
# histogram's cache footprint against int64.
ctypedef int32_t count_t

# Pattern codes are base-3 numbers below 3**L. uint8 holds L <= 5 (242), which
# keeps the 12972 x 12972 matrix at 168 MB; uint16 holds L <= 10; uint32 holds
# L <= 20. A fused type (not one wide type) because the byte-wide code lets the
# compiler process 16 answers per SSE2 instruction in the matrix kernel.
ctypedef fused code_t:
    uint8_t
    uint16_t
    uint32_t
