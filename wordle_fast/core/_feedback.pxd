from wordle_fast.core._typedefs cimport letter_t

# Two-pass feedback of one guess against one answer, as a base-3 code with the
# first letter most significant (0 gray, 1 yellow, 2 green).
cdef unsigned long feedback_one(
    const letter_t* guess,         # encoded guess, `length` letters 0..25
    const letter_t* answer,        # encoded answer, same length
    Py_ssize_t length,             # 1..20
) noexcept nogil
