/* Memory for the exact search's memo table (_memo.pyx).
 *
 * The table is read at random, one 96-byte bucket per lookup, and grows to
 * hundreds of megabytes: with 4 KB pages nearly every lookup also missed
 * the TLB and walked the page tables. On Linux a table of 2 MB or more
 * comes from mmap, aligned to 2 MB and advised to use transparent huge
 * pages (the kernel's default "madvise" mode gives them only when asked);
 * its pages are zero and committed as they are touched, as with calloc.
 * Elsewhere, and for small tables, calloc.
 */
#ifndef WF_TABLE_MEMORY_H
#define WF_TABLE_MEMORY_H

#include <stdint.h>
#include <stdlib.h>

#if defined(__linux__)
#include <sys/mman.h>
#define WF_HUGE_PAGE ((size_t) 2 << 20)

static void* wf_table_alloc(size_t count, size_t size) {
    size_t bytes = count * size;
    if (bytes < WF_HUGE_PAGE)
        return calloc(count, size);
    size_t mapped = bytes + WF_HUGE_PAGE;
    char* base = (char*) mmap(NULL, mapped, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == (char*) MAP_FAILED)
        return NULL;
    char* aligned = (char*) (((uintptr_t) base + WF_HUGE_PAGE - 1)
                             & ~(uintptr_t) (WF_HUGE_PAGE - 1));
    /* give back the unaligned head and the tail beyond the table */
    if (aligned > base)
        munmap(base, (size_t) (aligned - base));
    size_t tail = (size_t) (base + mapped - (aligned + bytes));
    if (tail > 0)
        munmap(aligned + bytes, tail);
#ifdef MADV_HUGEPAGE
    madvise(aligned, bytes, MADV_HUGEPAGE);
#endif
    return aligned;
}

static void wf_table_free(void* table, size_t count, size_t size) {
    size_t bytes = count * size;
    if (table == NULL)
        return;
    if (bytes < WF_HUGE_PAGE)
        free(table);
    else
        munmap(table, bytes);
}

#else

static void* wf_table_alloc(size_t count, size_t size) { return calloc(count, size); }
static void wf_table_free(void* table, size_t count, size_t size) {
    (void) count; (void) size;
    free(table);
}

#endif
#endif
