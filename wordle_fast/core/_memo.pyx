"""The exact search's memo: what it has proven of each candidate set.

A table of fixed size, set when the search is made, with no Python object
per entry. The search's memo was a dict of byte keys (the members, the
guesses left, the rule context): about 280 bytes an entry, so its two
million entries took 555 MB, and a poor opener's search, which needs about
three million, lost its older half again and again and searched those sets
anew (AMAZE, nyt2023: 988 thousand states with the dict at 2 million
entries, 507 thousand with room for all). Here an entry is 24 bytes: a
128-bit fingerprint of the key and 64 bits of data.

* The fingerprint starts from a sum over the members: each member has two
  random 64-bit numbers, and a set's two halves are the sums of its
  members' (Zobrist hashing, by addition). So a union's sums are its
  parts' added, and the search notes bounds for unions of buckets without
  merging their members (the merge was a fifth of a poor opener's search).
  The sums are then mixed with the set's size, the guesses left and the
  rule context; a lookup compares both 64-bit halves. Two different keys
  share a fingerprint with odds of about 2**-128: over 10**9 lookups into
  10**8 entries, about 10**-22, far below the odds of a memory error in
  the machine.
* The table is 4-way set associative: a key may sit in one of the 4 slots of
  the bucket its hash picks (96 bytes, read together). When all 4 are taken,
  the new entry replaces the one cheapest to find again: an entry of an
  earlier generation first (a generation is one question asked of the
  search), then the least weight (the log2 of the states its search visited;
  the notes that cost no search have weight 0).
* Entry data: bit 0 exact, bits 1-8 weight, bits 9-16 generation, bit 17 in
  use, bits 18-63 the value (a lower bound when not exact), at most 2**46 - 1:
  larger lower bounds are kept as that, still a lower bound.

With ``keep_keys`` the table also keeps each key's members in a dict, so
that ``items()`` can list them for checking (the tests hold every entry to
the brute force); the search never reads it.
"""

from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset


cdef extern from "_table_memory.h":
    void* wf_table_alloc(size_t count, size_t size) nogil
    void wf_table_free(void* table, size_t count, size_t size) nogil

import numpy as np

cdef uint64_t EXACT_BIT = 1
cdef int WEIGHT_SHIFT = 1
cdef int GENERATION_SHIFT = 9
cdef uint64_t USED_BIT = (<uint64_t> 1) << 17
cdef int VALUE_SHIFT = 18
cdef int64_t MAX_VALUE = ((<int64_t> 1) << 46) - 1
BYTES_PER_ENTRY = sizeof(MemoSlot)
cdef Py_ssize_t FIRST_CAPACITY = 1 << 16   # 1.5 MB


cdef inline uint64_t _mix(uint64_t x) noexcept nogil:
    # splitmix64's finalizer: every input bit moves about half the output bits
    x ^= x >> 30
    x *= 0xBF58476D1CE4E5B9ULL
    x ^= x >> 27
    x *= 0x94D049BB133111EBULL
    x ^= x >> 31
    return x


cdef inline uint64_t _splitmix(uint64_t* state) noexcept nogil:
    state[0] += 0x9E3779B97F4A7C15ULL
    return _mix(state[0])


cdef class Memo:
    """The memo of sets drawn from ``n_members`` members (0 .. n_members - 1):
    a table that starts small and doubles as it fills, up to at most
    ``max_entries`` entries (a power of two, 4 to a bucket); full, it
    replaces entries (see the module's docstring). Growing keeps a small
    search small: the entries are spread over the whole table, so a table
    made at its full size would take its full memory after a few thousand
    entries. It doubles when half full, or when a bucket is full and the
    table a quarter full: growing only at half full lost 5% of the entries
    to full buckets on the way (the table is a cache: a lost entry costs a
    search again), this under 1%. ``keep_keys``: remember every key's
    members for ``items()`` (checking only; costs a dict entry per key)."""

    def __cinit__(self, Py_ssize_t max_entries, Py_ssize_t n_members, bint keep_keys=False):
        if max_entries < 1:
            raise ValueError(f"max_entries must be at least 1, got {max_entries}")
        if n_members < 0:
            raise ValueError(f"n_members must be at least 0, got {n_members}")
        self.n_members = n_members
        self.numbers = <uint64_t*> malloc(max(1, 2 * n_members) * sizeof(uint64_t))
        if self.numbers == NULL:
            raise MemoryError()
        cdef uint64_t state = 0x5EED5EED5EED5EEDULL     # fixed: the same keys every run
        cdef Py_ssize_t i
        for i in range(2 * n_members):
            self.numbers[i] = _splitmix(&state)
        self.max_capacity = 1
        while 2 * self.max_capacity <= max_entries:
            self.max_capacity *= 2
        self.keys = {} if keep_keys else None
        self._allocate(min(self.max_capacity, FIRST_CAPACITY))

    def __dealloc__(self):
        wf_table_free(self.slots, self.capacity, sizeof(MemoSlot))
        free(self.numbers)

    cdef Fingerprint key(self, SetHash h, Py_ssize_t n, int depth, const uint8_t* context,
                         Py_ssize_t context_size) noexcept nogil:
        # The set's sums mixed with its size, the depth and the context's
        # bytes (a multiplicative hash per half, each with its own constants).
        cdef uint64_t shape = ((<uint64_t> n << 16) | (<uint64_t> depth & 0xFFFF)
                               | (<uint64_t> context_size << 48))
        cdef uint64_t ca = 0x9E3779B97F4A7C15ULL, cb = 0xD6E8FEB86659FD93ULL, word
        cdef Py_ssize_t j
        # eight bytes at a time (byte by byte, the 39 bytes of a hard-mode
        # context made this a fourteenth of a hard-mode search)
        for j in range(0, context_size, 8):
            word = 0
            memcpy(&word, context + j, min(8, context_size - j))
            ca = (ca ^ word) * 0xFF51AFD7ED558CCDULL
            ca ^= ca >> 32
            cb = (cb + word + 1) * 0xC4CEB9FE1A85EC53ULL
            cb ^= cb >> 29
        cdef Fingerprint key
        key.a = _mix(h.a ^ _mix(shape ^ ca))
        key.b = _mix(h.b + _mix(shape + cb + 0x632BE59BD9B4E019ULL))
        return key

    cdef _allocate(self, Py_ssize_t capacity):
        # A new, empty table; without the memory, the old one stays as it is.
        cdef MemoSlot* slots = <MemoSlot*> wf_table_alloc(capacity, sizeof(MemoSlot))
        if slots == NULL:
            raise MemoryError(f"no memory for a memo of {capacity} entries "
                              f"({capacity * sizeof(MemoSlot) / 2**20:.0f} MB)")
        wf_table_free(self.slots, self.capacity, sizeof(MemoSlot))
        self.slots = slots
        self._shape(capacity)
        self.count = 0

    cdef void _shape(self, Py_ssize_t capacity) noexcept nogil:
        self.capacity = capacity
        self.ways = min(MEMO_WAYS, capacity)
        self.bucket_mask = <uint64_t> (capacity // self.ways - 1)

    @property
    def max_entries(self):
        return self.max_capacity

    def clear(self):
        """Forget every entry (and give back the memory of a grown table)."""
        self._allocate(min(self.max_capacity, FIRST_CAPACITY))
        self.replaced = 0
        if self.keys is not None:
            self.keys.clear()

    def new_generation(self):
        """Start a new question: the entries stored before it are the first
        to give way when a bucket is full."""
        self.generation = (self.generation + 1) & 0xFF

    cdef int64_t find(self, Fingerprint key) noexcept nogil:
        # (value << 1) | exact, or -1 when the key is not in the table.
        cdef MemoSlot* slot = self.slots + (key.a & self.bucket_mask) * self.ways
        cdef Py_ssize_t w
        for w in range(self.ways):
            if slot[w].a == key.a and slot[w].b == key.b and slot[w].data & USED_BIT:
                return ((<int64_t> (slot[w].data >> VALUE_SHIFT) << 1)
                        | <int64_t> (slot[w].data & EXACT_BIT))
        return -1

    cdef void store(self, Fingerprint key, int64_t value, bint exact, int weight) noexcept nogil:
        if value > MAX_VALUE:
            value = MAX_VALUE
        if weight > 255:
            weight = 255
        cdef uint64_t data = ((<uint64_t> value << VALUE_SHIFT) | USED_BIT
                              | (self.generation << GENERATION_SHIFT)
                              | (<uint64_t> weight << WEIGHT_SHIFT) | (EXACT_BIT if exact else 0))
        if self.capacity < self.max_capacity:
            if 2 * self.count >= self.capacity:
                self._grow()
            elif self._place(key.a, key.b, data, 4 * self.count < self.capacity):
                return
            else:
                self._grow()    # a full bucket in a table a quarter full: room, not a loss
        self._place(key.a, key.b, data, True)

    cdef bint _place(self, uint64_t a, uint64_t b, uint64_t data, bint may_replace) noexcept nogil:
        # Write the entry over the key's old one if it has one (keeping the
        # larger weight: a note about a set the search has paid for stays as
        # costly to find again), else into a free slot, else (if
        # `may_replace`; else False) over the entry cheapest to find again
        # (see the module's docstring).
        cdef MemoSlot* slot = self.slots + (a & self.bucket_mask) * self.ways
        cdef Py_ssize_t w, victim = -1
        cdef uint64_t old_weight
        cdef int victim_rank = 1 << 30, rank
        for w in range(self.ways):
            if slot[w].a == a and slot[w].b == b and slot[w].data & USED_BIT:
                old_weight = slot[w].data & (<uint64_t> 0xFF << WEIGHT_SHIFT)
                if old_weight > (data & (<uint64_t> 0xFF << WEIGHT_SHIFT)):
                    data = (data & ~(<uint64_t> 0xFF << WEIGHT_SHIFT)) | old_weight
                slot[w].data = data
                return True
            if not (slot[w].data & USED_BIT):
                if victim_rank > -1:
                    victim, victim_rank = w, -1
                continue
            rank = <int> ((slot[w].data >> WEIGHT_SHIFT) & 0xFF)
            if ((slot[w].data >> GENERATION_SHIFT) & 0xFF) == self.generation:
                rank += 256        # this question's entries give way last
            if rank < victim_rank:
                victim, victim_rank = w, rank
        if victim_rank == -1:
            self.count += 1
        elif may_replace:
            self.replaced += 1
        else:
            return False
        slot[victim].a = a
        slot[victim].b = b
        slot[victim].data = data
        return True

    cdef void _grow(self) noexcept nogil:
        # Twice the slots, every entry placed again by its fingerprint; if
        # the memory is not there, the table stays as it is, and full.
        cdef MemoSlot* old = self.slots
        cdef Py_ssize_t old_capacity = self.capacity, i
        cdef MemoSlot* bigger = <MemoSlot*> wf_table_alloc(2 * old_capacity, sizeof(MemoSlot))
        if bigger == NULL:
            self.max_capacity = old_capacity
            return
        self.slots = bigger
        self._shape(2 * old_capacity)
        self.count = 0
        for i in range(old_capacity):
            if old[i].data & USED_BIT:
                self._place(old[i].a, old[i].b, old[i].data, True)
        wf_table_free(old, old_capacity, sizeof(MemoSlot))

    cdef void remember(self, Fingerprint key, const intp_t* members, Py_ssize_t n, int depth,
                       bytes context):
        if self.keys is not None:
            self.keys[(key.a, key.b)] = (np.array(<intp_t[:n]> members) if n else
                                         np.empty(0, dtype=np.intp), depth, context)

    # -- from Python: for tests and for checking ------------------------------

    def get(self, members, int depth, bytes context=None):
        """``(value, exact)`` stored for the key, or None."""
        cdef Fingerprint key = self._python_key(members, depth, context)
        cdef int64_t entry = self.find(key)
        return None if entry < 0 else (entry >> 1, bool(entry & 1))

    def put(self, members, int depth, int64_t value, bint exact, int weight=0,
            bytes context=None):
        members = np.ascontiguousarray(members, dtype=np.intp)
        cdef Fingerprint key = self._python_key(members, depth, context)
        self.store(key, value, exact, weight)
        cdef const intp_t[::1] view = members
        self.remember(key, &view[0] if members.shape[0] else NULL, members.shape[0], depth,
                      context)

    cdef Fingerprint _python_key(self, members, int depth, bytes context):
        members = np.ascontiguousarray(members, dtype=np.intp)
        if members.shape[0] and (members.min() < 0 or members.max() >= self.n_members):
            raise ValueError(f"members must lie in 0..{self.n_members - 1}")
        if np.unique(members).shape[0] != members.shape[0]:
            raise ValueError("members must be distinct")
        cdef const intp_t[::1] view = members
        cdef const uint8_t* raw = NULL if context is None else <const uint8_t*> <char*> context
        cdef SetHash h = self.set_hash(&view[0] if members.shape[0] else NULL, members.shape[0])
        return self.key(h, members.shape[0], depth, raw, 0 if context is None else len(context))

    def fingerprint(self, members, int depth, bytes context=None):
        """The key's fingerprint ``(a, b)``, as the search computes it."""
        cdef Fingerprint key = self._python_key(members, depth, context)
        return key.a, key.b

    def snapshot(self, int min_weight):
        """``(a, b, value, exact, weight)``, arrays over every entry of
        ``min_weight`` or more (fingerprint halves as uint64): what a store
        keeps of the memo (``exact.store``)."""
        cdef Py_ssize_t i, count = 0
        cdef uint64_t data
        for i in range(self.capacity):
            data = self.slots[i].data
            if data & USED_BIT and <int> ((data >> WEIGHT_SHIFT) & 0xFF) >= min_weight:
                count += 1
        a = np.empty(count, dtype=np.uint64)
        b = np.empty(count, dtype=np.uint64)
        values = np.empty(count, dtype=np.int64)
        exact = np.empty(count, dtype=np.uint8)
        weights = np.empty(count, dtype=np.uint8)
        cdef uint64_t[::1] a_view = a, b_view = b
        cdef int64_t[::1] value_view = values
        cdef uint8_t[::1] exact_view = exact, weight_view = weights
        count = 0
        for i in range(self.capacity):
            data = self.slots[i].data
            if data & USED_BIT and <int> ((data >> WEIGHT_SHIFT) & 0xFF) >= min_weight:
                a_view[count], b_view[count] = self.slots[i].a, self.slots[i].b
                value_view[count] = <int64_t> (data >> VALUE_SHIFT)
                exact_view[count] = data & EXACT_BIT
                weight_view[count] = (data >> WEIGHT_SHIFT) & 0xFF
                count += 1
        return a, b, values, exact, weights

    def restore(self, a, b, values, exact, weights):
        """Store the entries ``snapshot`` gave (from this build's memo for
        the same members: the fingerprints must mean the same sets)."""
        cdef const uint64_t[::1] a_view = np.ascontiguousarray(a, dtype=np.uint64)
        cdef const uint64_t[::1] b_view = np.ascontiguousarray(b, dtype=np.uint64)
        cdef const int64_t[::1] value_view = np.ascontiguousarray(values, dtype=np.int64)
        cdef const uint8_t[::1] exact_view = np.ascontiguousarray(exact, dtype=np.uint8)
        cdef const uint8_t[::1] weight_view = np.ascontiguousarray(weights, dtype=np.uint8)
        cdef Py_ssize_t i
        cdef Fingerprint key
        for i in range(a_view.shape[0]):
            key.a, key.b = a_view[i], b_view[i]
            self.store(key, value_view[i], exact_view[i] != 0, weight_view[i])

    def items(self):
        """``(members, depth, context, value, exact)`` of every entry whose key
        was kept (``keep_keys``)."""
        if self.keys is None:
            raise ValueError("this memo keeps no keys: make it with keep_keys=True")
        cdef Py_ssize_t i
        cdef MemoSlot slot
        for i in range(self.capacity):
            slot = self.slots[i]
            if slot.data & USED_BIT:
                members, depth, context = self.keys[(slot.a, slot.b)]
                yield (members, depth, context, int(slot.data >> VALUE_SHIFT),
                       bool(slot.data & EXACT_BIT))
