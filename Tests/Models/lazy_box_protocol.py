#!/usr/bin/env python3
"""Every interleaving of the lazy box's waiting protocol, for one resolving thread and N waiters.

`LazyBox` (Sources/Wiring/LazyInjected.swift) claims, joins and finishes through one
atomic word and a latch kept under a lock. Under `catchResolutionFailure` the resolving thread
may instead fail and park for good; `AbandonedClaims` then releases the waiters with the failure.
This model takes each atomic operation, and each step under a lock, as one step, explores every
order in which the threads can take their steps, whether the resolving thread finishes or
fails, and fails when some order leaves a waiter waiting forever, lets a waiter read the value
before it was written, or leaves a latch in `AbandonedClaims` after the box resolved. It also
checks variants that are wrong, so that it cannot pass by exploring nothing:

  - `clears`: a waiter that finds the word resolved clears the latch, which the resolving
    thread, having seen the waiting bit, may still be on its way to take out and open;
  - `stale`: a waiter decides on the word it saw before it took the lock, and may wait on a
    latch that nobody announced, and so nobody opens (this takes three waiters to show);
  - `unchecked`: a waiter records its latch without looking for the failure, and one that
    comes after the resolving thread failed waits forever;
  - `outside`: a waiter records its latch after it lets go of the lock, and the resolving
    thread may finish in between and leave the latch recorded for good.

Usage: lazy_box_protocol.py [WAITERS]   (default 3; 4 takes a few seconds, 5 some minutes)
"""
import sys

RESOLVED = "resolved"
OWNER = ("owner", 0)  # the claiming thread's identity, without the waiting bit
MARKED = ("owner", 1)  # the same, with the waiting bit


def explore(waiters, variant):
    """Returns (states explored, stuck end states, early reads, leaks) for `variant`."""
    # Shared: the word, the latch in `waiters`, the lock's holder, the latches opened (each with
    # what it was opened with), whether the value is written, the number of latches made (a
    # latch is its number), the latches recorded in `AbandonedClaims`, and whether the
    # resolving thread failed.
    shared = (OWNER, None, None, frozenset(), False, 0, frozenset(), False)
    # Each thread: its name, where it is, what it saw of the word, the latch it holds.
    threads = (("owner", "write", None, None),) + tuple(
        (f"waiter {i}", "claim", None, None) for i in range(waiters)
    )
    seen, stack, stuck, early, leaks = set(), [(shared, threads)], 0, 0, 0
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        successors = list(steps(state, variant))
        early += successors.count("early")
        successors = [s for s in successors if s != "early"]
        if not successors:
            if any(thread[1] not in ("done", "parked") for thread in state[1]):
                stuck += 1
            elif state[0][6] and not state[0][7]:
                leaks += 1
        stack.extend(successors)
    return len(seen), stuck, early, leaks


def opening(opened, latch, outcome):
    """`opened` after opening `latch` with `outcome`; a latch keeps what it was opened with first."""
    if any(done == latch for done, _ in opened):
        return opened
    return opened | {(latch, outcome)}


def steps(state, variant):
    """Yields the states that one step of one thread leads to, or "early" for a premature read."""
    (word, waiting, holder, opened, value, made, recorded, failed), threads = state
    for index, (name, pc, saw, latch) in enumerate(threads):
        if pc in ("done", "parked") or (pc == "lock" and holder is not None):
            continue
        outcomes = [outcome for done, outcome in opened if done == latch]
        if pc == "wait" and not outcomes:
            continue
        if name == "owner" and pc == "write":  # the factory fails, and the thread parks
            updated = list(threads)
            updated[index] = (name, "abandon", saw, latch)
            yield ((word, waiting, holder, opened, value, made, recorded, failed), tuple(updated))
        w, l, h, o, v, m, r, f = word, waiting, holder, opened, value, made, recorded, failed
        if name == "owner":
            if pc == "write":  # stores the value in the cell
                v, pc = True, "exchange"
            elif pc == "abandon":  # records its failure and takes the recorded latches out
                f, latch, r, pc = True, recorded, frozenset(), "release"
            elif pc == "release":  # opens them with the failure
                for each in latch:
                    o = opening(o, each, "failure")
                latch, pc = None, "parked"
            elif pc == "exchange":  # resolves the word; must wake waiters if the bit was set
                w, pc = RESOLVED, ("lock" if word == MARKED else "done")
            elif pc == "lock":
                h, pc = name, "take"
            elif pc == "take":  # forgets the recorded latch, takes it out, then unlocks
                latch, l, h, r, pc = waiting, None, None, recorded - {waiting}, "open"
            elif pc == "open":
                o, pc = (opening(opened, latch, "value") if latch is not None else opened), "done"
        else:
            if pc == "claim":  # its compare-and-swap fails: the owner claimed the box
                saw, pc = word, ("finished" if word == RESOLVED else "lock")
            elif pc == "lock":
                h, pc = name, "look"
            elif pc == "look":  # holding the lock: what does the word say now?
                now = saw if variant == "stale" else word
                if now == RESOLVED:
                    if variant == "clears":
                        l = None
                    h, pc = None, "finished"
                elif now == MARKED:
                    latch, h = waiting, None
                    pc = "wait" if latch is not None else "finished"
                else:
                    if l is None:
                        l, m = made, made + 1
                    saw, pc = now, "mark"
            elif pc == "mark":  # the compare-and-swap that sets the bit, still holding the lock
                if word == saw:
                    w, latch, pc = MARKED, waiting, "record"
                    if variant == "outside":
                        h = None
                else:  # resolved meanwhile: look again
                    saw, pc = word, "look"
            elif pc == "record":  # records the latch, or opens it if the resolver failed
                if failed and variant != "unchecked":
                    o = opening(o, latch, "failure")
                else:
                    r = recorded | {latch}
                h, pc = (None if variant != "outside" else h), "wait"
            elif pc == "wait":  # woken: its latch was opened, with the value or the failure
                pc = "finished" if outcomes[0] == "value" else "done"
            elif pc == "finished":  # reads the value
                if not value:
                    yield "early"
                    continue
                pc = "done"
        updated = list(threads)
        updated[index] = (name, pc, saw, latch)
        yield ((w, l, h, o, v, m, r, f), tuple(updated))


def main():
    waiters = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    failed = False
    variants = (
        ("shipped", True), ("clears", False), ("stale", waiters < 3),
        ("unchecked", False), ("outside", False),
    )
    for variant, must_hold in variants:
        states, stuck, early, leaks = explore(waiters, variant)
        holds = stuck == 0 and early == 0 and leaks == 0
        verdict = "holds" if holds else (
            f"fails ({stuck} stuck end states, {early} early reads, {leaks} leaked latches)")
        print(f"{variant:8} with {waiters} waiters, {states} states: {verdict}")
        if holds != must_hold:
            failed = True
            print(f"error: the {variant} protocol should {'hold' if must_hold else 'fail'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
