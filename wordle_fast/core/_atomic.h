/* A bound shared by the threads of the exact search's bound pass over
   openers (_bound_pass.pyx, opener_bounds): -1 until one of them has computed
   it. Any thread may compute it first (they get the same value), so
   relaxed atomics suffice. */
#ifndef WF_ATOMIC_H
#define WF_ATOMIC_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
static inline int64_t wf_load_shared(const int64_t* p) {
    return __atomic_load_n(p, __ATOMIC_RELAXED);
}
static inline void wf_store_shared(int64_t* p, int64_t v) {
    __atomic_store_n(p, v, __ATOMIC_RELAXED);
}
#else
static inline int64_t wf_load_shared(const int64_t* p) { return *(volatile const int64_t*) p; }
static inline void wf_store_shared(int64_t* p, int64_t v) { *(volatile int64_t*) p = v; }
#endif

#endif
