#!/usr/bin/env python3
"""Every interleaving of the lazy box's waiting protocol, for one resolving thread and N waiters.

`LazyBox` (Sources/Wiring/Injection/LazyBox.swift) claims, joins and finishes through one
atomic word and a latch kept under a lock. This model takes each atomic operation, and each
step under the lock, as one step, explores every order in which the threads can take their
steps, and fails when some order leaves a thread waiting forever or lets a waiter read the value
before it was written. It also checks two variants that are wrong, so that it cannot pass by
exploring nothing:

  - `clears`: a waiter that finds the word resolved clears the latch, which the resolving
    thread, having seen the waiting bit, may still be on its way to take out and open;
  - `stale`: a waiter decides on the word it saw before it took the lock, and may wait on a
    latch that nobody announced, and so nobody opens (this takes three waiters to show).

Usage: lazy_box_protocol.py [WAITERS]   (default 3; 4 takes about a second, 5 half a minute)
"""
import sys

RESOLVED = "resolved"
OWNER = ("owner", 0)  # the claiming thread's identity, without the waiting bit
MARKED = ("owner", 1)  # the same, with the waiting bit


def explore(waiters, variant):
    """Returns (states explored, stuck end states, early reads) for `variant`."""
    # Shared: the word, the latch in `waiters`, the lock's holder, the latches opened, whether
    # the value is written, and the number of latches made (a latch is its number).
    shared = (OWNER, None, None, frozenset(), False, 0)
    # Each thread: its name, where it is, what it saw of the word, the latch it holds.
    threads = (("owner", "write", None, None),) + tuple(
        (f"waiter {i}", "claim", None, None) for i in range(waiters)
    )
    seen, stack, stuck, early = set(), [(shared, threads)], 0, 0
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        successors = list(steps(state, variant))
        early += successors.count("early")
        successors = [s for s in successors if s != "early"]
        if not successors and any(thread[1] != "done" for thread in state[1]):
            stuck += 1
        stack.extend(successors)
    return len(seen), stuck, early


def steps(state, variant):
    """Yields the states that one step of one thread leads to, or "early" for a premature read."""
    (word, waiting, holder, opened, value, made), threads = state
    for index, (name, pc, saw, latch) in enumerate(threads):
        if pc == "done" or (pc == "lock" and holder is not None):
            continue
        if pc == "wait" and latch not in opened:
            continue
        w, l, h, o, v, m = word, waiting, holder, opened, value, made
        if name == "owner":
            if pc == "write":  # stores the value in the cell
                v, pc = True, "exchange"
            elif pc == "exchange":  # resolves the word; must wake waiters if the bit was set
                w, pc = RESOLVED, ("lock" if word == MARKED else "done")
            elif pc == "lock":
                h, pc = name, "take"
            elif pc == "take":  # takes the latch out, then unlocks
                latch, l, h, pc = waiting, None, None, "open"
            elif pc == "open":
                o, pc = (opened | {latch} if latch is not None else opened), "done"
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
                    w, latch, h, pc = MARKED, waiting, None, "wait"
                else:  # resolved meanwhile: look again
                    saw, pc = word, "look"
            elif pc == "wait":  # woken: its latch was opened
                pc = "finished"
            elif pc == "finished":  # reads the value
                if not value:
                    yield "early"
                    continue
                pc = "done"
        updated = list(threads)
        updated[index] = (name, pc, saw, latch)
        yield ((w, l, h, o, v, m), tuple(updated))


def main():
    waiters = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    failed = False
    for variant, must_hold in (("shipped", True), ("clears", False), ("stale", waiters < 3)):
        states, stuck, early = explore(waiters, variant)
        holds = stuck == 0 and early == 0
        verdict = "holds" if holds else f"fails ({stuck} stuck end states, {early} early reads)"
        print(f"{variant:8} with {waiters} waiters, {states} states: {verdict}")
        if holds != must_hold:
            failed = True
            print(f"error: the {variant} protocol should {'hold' if must_hold else 'fail'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
