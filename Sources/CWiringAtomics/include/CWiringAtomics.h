// Atomic operations on machine words, for Wiring's lock-free paths on every system.
//
// Swift's `Synchronization.Atomic` reaches Apple systems only with macOS 15, iOS 18, tvOS 18,
// watchOS 11 and visionOS 2. These functions give every system Wiring supports the same
// operations, through the compiler's atomic builtins, which C has had on all of them. Each is
// `static inline`, so a call compiles to the instruction itself; the thread sanitizer sees them
// as the atomic operations they are.
#ifndef C_WIRING_ATOMICS_H
#define C_WIRING_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

static inline uintptr_t wiring_load_relaxed(const uintptr_t *word) {
  return __atomic_load_n(word, __ATOMIC_RELAXED);
}

static inline uintptr_t wiring_load_acquire(const uintptr_t *word) {
  return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

static inline uintptr_t wiring_load_seq_cst(const uintptr_t *word) {
  return __atomic_load_n(word, __ATOMIC_SEQ_CST);
}

static inline void wiring_store_release(uintptr_t *word, uintptr_t value) {
  __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

static inline void wiring_store_seq_cst(uintptr_t *word, uintptr_t value) {
  __atomic_store_n(word, value, __ATOMIC_SEQ_CST);
}

static inline uintptr_t wiring_exchange_acq_rel(uintptr_t *word, uintptr_t value) {
  return __atomic_exchange_n(word, value, __ATOMIC_ACQ_REL);
}

static inline uintptr_t wiring_exchange_seq_cst(uintptr_t *word, uintptr_t value) {
  return __atomic_exchange_n(word, value, __ATOMIC_SEQ_CST);
}

// Replaces `*word` with `desired` if it holds `*expected`, acquiring and releasing; otherwise
// stores what it holds in `*expected`, acquiring. Returns whether it replaced.
static inline bool wiring_compare_exchange_acq_rel(
    uintptr_t *word, uintptr_t *expected, uintptr_t desired) {
  return __atomic_compare_exchange_n(
      word, expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

// Process-wide words in static storage: 0 before the program starts, so reading one costs no
// lazy initialization, as a Swift global would. Hidden, as the thread-local state below is: only
// this copy of Wiring's own code names them, so no other image's symbol can stand in for them.
__attribute__((visibility("hidden"))) extern uintptr_t wiring_process_words[3];

// How many strict or fakes-only tests are running.
static inline uintptr_t *wiring_strict_tests_word(void) { return &wiring_process_words[0]; }

// The process-wide singleton index's address, or 1 once the process made an isolation.
static inline uintptr_t *wiring_singleton_index_word(void) { return &wiring_process_words[1]; }

// How many objects wait, on any thread, to be released after a container's lock is left.
static inline uintptr_t *wiring_released_after_lock_word(void) {
  return &wiring_process_words[2];
}

// This thread's `ResolutionState`, retained by the pthread key that releases it when the thread
// exits; NULL before the thread's first resolution. A thread-local variable is one load where
// `pthread_getspecific` is a call, on every resolution; the key stays for its destructor.
__attribute__((visibility("hidden"))) extern __thread void *wiring_thread_state;
static inline void *wiring_current_thread_state(void) { return wiring_thread_state; }
static inline void wiring_set_current_thread_state(void *state) { wiring_thread_state = state; }

#if defined(__linux__)
#include <stddef.h>

/// Calls `visit` with the path of each loaded image that holds a copy of Wiring, this copy's
/// first, and returns how many there are: 1 when this copy is alone.
__attribute__((visibility("hidden")))
size_t wiring_runtime_copies(void (*visit)(const char *path, void *context), void *context);
#endif

#endif
