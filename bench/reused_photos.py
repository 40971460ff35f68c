#!/usr/bin/env python3
"""Benchmark of `estate check`'s reused-photo check (a picture two listings show) at scale.

Writes two demos of N listings: `estate demo --shared-photos` (its listings share 12 full-size
photos) and `estate demo` (each listing its own photos, small: about 2.5 a listing, 25,000 at
10,000 listings, every one a distinct picture to compare). Builds each once with `--content-only`
so the image stage keeps every photo's fingerprint in its cache, then times `estate check` on it
with two binaries, alternating: BEFORE, an `estate` without the check (built from the commit
before it, e.g. `git worktree add /tmp/before <commit> && cargo build --release --bin estate`
there), and AFTER, this tree's. Prints each run, the medians and the difference, and the
photos the check decoded (0: the fingerprints came from the cache). Figures, not assertions;
the target is a difference of at most 1 s at 10,000 listings. Temporary folders are deleted.

    python3 bench/reused_photos.py --before /tmp/before/target/release/estate [--properties 10000] [--runs 5]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
AFTER = os.environ.get("ESTATE_BIN", os.path.join(ROOT, "target", "release", "estate"))


def estate(binary, args, cache):
    """Runs `binary args` with the image cache `cache`: (seconds, stdout + stderr)."""
    started = time.perf_counter()
    proc = subprocess.run(
        [binary, *args],
        env={**os.environ, "ESTATE_IMAGE_CACHE": cache},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    elapsed = time.perf_counter() - started
    if proc.returncode != 0:
        sys.exit(f"{binary} {' '.join(args)} failed:\n{(proc.stdout + proc.stderr)[-3000:]}")
    return elapsed, proc.stdout + proc.stderr


def measure(label, content, before, after, runs, scratch):
    cache = os.path.join(scratch, "images")
    seconds, _ = estate(after, ["build", "--content-only", "--content", content, "--out", os.path.join(scratch, "dist")], cache)
    photos = sum(len(files) for _, _, files in os.walk(os.path.join(content, "media")))
    print(f"{label}: {photos} media files; the build that fills the image cache took {seconds:.1f} s")
    times = {"before": [], "after": []}
    for _ in range(runs):
        for name, binary in (("before", before), ("after", after)):
            seconds, output = estate(binary, ["check", "--content", content], cache)
            times[name].append(seconds)
            if name == "after":
                compared = re.search(r"(\d+) photos compared \((\d+) decoded\)", output)
                warned = len(re.findall(r": warning: photo `", output))
    for name in ("before", "after"):
        print(f"  {name:6} estate check: median {statistics.median(times[name]):.3f} s   runs {' '.join(f'{s:.2f}' for s in times[name])}")
    print(
        f"  the reused-photo check adds {statistics.median(times['after']) - statistics.median(times['before']):+.3f} s"
        f" ({compared.group(1)} photos compared, {compared.group(2)} decoded; {warned} reused-photo warnings)"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", required=True, help="an estate binary without the reused-photo check")
    parser.add_argument("--after", default=AFTER, help="the estate binary with it (default: target/release/estate)")
    parser.add_argument("--properties", type=int, default=10_000)
    parser.add_argument("--posts", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for binary in (args.before, args.after):
        if not os.path.exists(binary):
            sys.exit(f"no {binary}: cargo build --release --bin estate")
    print(f"cores: {os.cpu_count()}; {args.properties} listings; medians of {args.runs} runs, before and after alternating")
    with tempfile.TemporaryDirectory(prefix="estate-reused-") as scratch:
        for label, extra in (("demo --shared-photos (12 shared photos)", ["--shared-photos"]), ("demo, own photos", [])):
            work = os.path.join(scratch, "shared" if extra else "own")
            content = os.path.join(work, "content")
            os.makedirs(work)
            estate(args.after, ["demo", "--properties", str(args.properties), "--posts", str(args.posts), "--out", content, *extra], os.path.join(work, "images"))
            measure(label, content, args.before, args.after, args.runs, work)


if __name__ == "__main__":
    main()
