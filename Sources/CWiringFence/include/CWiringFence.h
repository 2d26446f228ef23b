// Process-wide memory barriers for Wiring's lock-free reads.
//
// A resolution announces each lock-free read with a store to a counter of its own thread. That
// store must be ordered before the read's loads, which on its own takes a full fence on every
// resolution. Where the system can make every thread of the process execute a barrier on
// request (Linux's membarrier), readers use a compiler fence instead, and the rare writer that
// is about to free something asks for the barrier on everyone's behalf.

#ifndef CWIRING_FENCE_H
#define CWIRING_FENCE_H

#include <stdatomic.h>
#include <stdbool.h>

/// Readies this process for `cwiring_fence_all_threads`; returns whether it may be used.
///
/// Call it before any thread relies on the asymmetric scheme; calling it again is harmless.
bool cwiring_fence_prepare(void);

/// Makes every running thread of this process execute a full memory barrier before it returns.
///
/// Returns false when the system refused, in which case nothing is guaranteed.
bool cwiring_fence_all_threads(void);

/// Keeps the compiler from moving memory accesses across this point; emits no instruction.
static inline void cwiring_compiler_fence(void) {
  atomic_signal_fence(memory_order_seq_cst);
}

#endif
