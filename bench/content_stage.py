#!/usr/bin/env python3
"""Benchmark of the content stage of `estate build` (parse, validate, render markdown, write JSON).

Writes `estate demo --properties N --posts M` once, then times `estate build` into a fresh
output folder (every file created) and again into the same folder (unchanged files are left
alone), printing wall time and peak memory of each run. Figures, not assertions.

The permit QR codes are images of the pages: a whole `estate build` draws them while Node builds
the pages (its summary line prints their count and time), so `--content-only` leaves them out.

    python3 bench/content_stage.py [--properties 10000] [--posts 500] [--runs 3]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ESTATE = os.path.join(ROOT, "target", "release", "estate")


def run(args):
    """Runs estate, returns (seconds, peak RSS in MB)."""
    started = time.perf_counter()
    proc = subprocess.Popen([ESTATE, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - started
    if status != 0:
        sys.exit(f"estate {' '.join(args)} failed:\n{proc.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--properties", type=int, default=10_000)
    parser.add_argument("--posts", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    opts = parser.parse_args()

    subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "estate"], cwd=ROOT, check=True)
    work = tempfile.mkdtemp(prefix="estate-bench-")
    try:
        content, out = os.path.join(work, "content"), os.path.join(work, "dist")
        seconds, _ = run(["demo", "--properties", str(opts.properties), "--posts", str(opts.posts), "--out", content])
        print(f"demo content: {opts.properties} listings, {opts.posts} posts, written in {seconds:.2f} s")
        print(f"cores: {os.cpu_count()}")

        check = [run(["check", "--content", content]) for _ in range(opts.runs)]
        print(f"estate check           : best {min(s for s, _ in check):.3f} s, peak {max(m for _, m in check):.0f} MB")

        # A new folder each time: deleting the previous one right before would make the kernel's
        # deferred clean-up compete with the build.
        fresh = [run(["build", "--content-only", "--content", content, "--out", f"{out}-fresh-{i}"]) for i in range(opts.runs)]
        print(f"estate build (fresh)   : best {min(s for s, _ in fresh):.3f} s, median {sorted(s for s, _ in fresh)[len(fresh) // 2]:.3f} s, peak {max(m for _, m in fresh):.0f} MB")
        # Every run, so a noisy machine shows as a spread rather than hiding in one figure.
        print(f"  runs: {' '.join(f'{s:.2f}' for s, _ in sorted(fresh))}")

        if os.path.isdir("/dev/shm"):
            # The same on tmpfs: the build's own cost, without this disk's file-creation cost
            # (ext4 here slows down sharply after many recent deletions).
            shm = tempfile.mkdtemp(prefix="estate-bench-", dir="/dev/shm")
            try:
                tmpfs = [run(["build", "--content-only", "--content", content, "--out", f"{shm}/dist-{i}"]) for i in range(opts.runs)]
            finally:
                shutil.rmtree(shm, ignore_errors=True)
            print(f"estate build (fresh, tmpfs): best {min(s for s, _ in tmpfs):.3f} s, median {sorted(s for s, _ in tmpfs)[len(tmpfs) // 2]:.3f} s, peak {max(m for _, m in tmpfs):.0f} MB")
            print(f"  runs: {' '.join(f'{s:.2f}' for s, _ in sorted(tmpfs))}")

        run(["build", "--content-only", "--content", content, "--out", out])
        warm = [run(["build", "--content-only", "--content", content, "--out", out]) for _ in range(opts.runs)]
        print(f"estate build (rebuild) : best {min(s for s, _ in warm):.3f} s, median {sorted(s for s, _ in warm)[len(warm) // 2]:.3f} s, peak {max(m for _, m in warm):.0f} MB")
        size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(os.path.join(out, "api")) for f in fs)
        print(f"dist/api: {size / 1e6:.1f} MB")
        print("targets: under 1 s wall, under 500 MB peak")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
