#!/usr/bin/env python3
"""Times scout on a terminal to its first prompt: a pseudo-terminal, the clock read when the prompt's
`]> ` arrives, then, after a pause as a person's (LINGER ms, in which a sync at start runs), `quit`.
Prints the median of RUNS in milliseconds, as JSON.
Usage: first-prompt.py RUNS LINGER -- COMMAND...   (the environment is the caller's)"""
import json, os, pty, select, statistics, sys, time

runs, linger = int(sys.argv[1]), int(sys.argv[2]) / 1000
command = sys.argv[sys.argv.index("--") + 1:]
times = []
for _ in range(runs + 2):
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)
    seen, at = b"", None
    while at is None:
        ready, _, _ = select.select([fd], [], [], 10)
        if not ready:
            sys.exit("first-prompt: no prompt within 10 s; the screen was: " + seen.decode(errors="replace"))
        chunk = os.read(fd, 65536)
        seen += chunk
        if b"]> " in seen:
            at = time.perf_counter()
    time.sleep(linger)
    os.write(fd, b"quit\n")
    try:
        while os.read(fd, 65536):
            pass
    except OSError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)
    times.append((at - start) * 1000)
print(json.dumps({"median": statistics.median(times[2:]), "runs": runs}))
