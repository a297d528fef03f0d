#!/usr/bin/env python3
"""Times a command on a pseudo-terminal of COLUMNS x ROWS cells of 10 x 20 pixels (as TIOCGWINSZ says): from the start to UNTIL in its output (a
marker such as "Id:"), or to its end when UNTIL is "-". Prints, as JSON, the median of RUNS in
milliseconds and what the last run wrote: its bytes and its lines.
Usage: on-terminal.py RUNS COLUMNS ROWS UNTIL -- COMMAND...   (the environment is the caller's)"""
import fcntl, json, os, pty, select, statistics, struct, sys, termios, time

runs, columns, rows, until = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4].encode()
command = sys.argv[sys.argv.index("--") + 1:]
times, seen = [], b""
for _ in range(runs + 2):
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, columns * 10, rows * 20))
        os.execvp(command[0], command)
    seen, at = b"", None
    while True:
        ready, _, _ = select.select([fd], [], [], 20)
        if not ready:
            sys.exit("on-terminal: nothing within 20 s; it wrote: " + seen.decode(errors="replace")[-2000:])
        try:
            chunk = os.read(fd, 1 << 16)
        except OSError:
            chunk = b""
        if not chunk:
            break
        seen += chunk
        if at is None and until != b"-" and until in seen:
            at = time.perf_counter()
    os.waitpid(pid, 0)
    os.close(fd)
    if at is None:
        if until != b"-":
            sys.exit(f"on-terminal: {until.decode()} never came; it wrote: " + seen.decode(errors="replace")[-2000:])
        at = time.perf_counter()
    times.append((at - start) * 1000)
print(json.dumps({"median": statistics.median(times[2:]), "runs": runs, "bytes": len(seen),
                  "lines": seen.count(b"\n") + 1, "output": seen.decode(errors="replace")}))
