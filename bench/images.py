#!/usr/bin/env python3
"""Benchmark of the image stage of `estate build`.

For the sample content and a demo of N listings (`estate demo --shared-photos`, whose 12 photos
are real JPEGs shared by its listings), prints:
  - cold: the image stage's seconds (from `estate build --content-only`'s summary) with an empty
    image cache; photos per second; the build's peak memory;
  - warm: the stage's seconds when every photo is cached and unchanged (target for 10,000
    listings: under 0.2 s);
  - bytes: the sources, and the variants written (JPEG and WebP).
Medians of RUNS runs. Figures, not assertions; temporary folders are deleted at the end.

    python3 bench/images.py [--properties 10000] [--posts 500] [--runs 3]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ESTATE = os.environ.get("ESTATE_BIN", os.path.join(ROOT, "target", "release", "estate"))
RASTER = (".jpg", ".jpeg", ".png", ".webp")


def build(content, out, cache):
    """`estate build --content-only`: (the image stage's seconds from the build's summary, peak
    resident memory in MB, photos decoded)."""
    proc = subprocess.Popen(
        [ESTATE, "build", "--content-only", "--content", content, "--out", out],
        env={**os.environ, "ESTATE_IMAGE_CACHE": cache},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    output = proc.stdout.read() + proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    if status != 0:
        sys.exit(f"estate build {content} failed:\n{output[-3000:]}")
    stage = re.search(r"(\d+) photos \((\d+) decoded\) in ([\d.]+) s", output)
    if not stage:
        sys.exit(f"no image stage in the summary of estate build:\n{output[-2000:]}")
    return float(stage.group(3)), usage.ru_maxrss / 1024, int(stage.group(2))


def sizes(folder, suffixes):
    total, count = 0, 0
    for base, _, files in os.walk(folder):
        for name in files:
            if name.lower().endswith(suffixes):
                total += os.path.getsize(os.path.join(base, name))
                count += 1
    return total, count


def measure(label, content, runs, scratch):
    source_bytes, photos = sizes(os.path.join(content, "media"), RASTER)
    colds, peaks, warms = [], [], []
    for run in range(runs):
        cache = os.path.join(scratch, f"cache-{run}")
        out = os.path.join(scratch, f"out-{run}")
        seconds, peak, decoded = build(content, out, cache)
        colds.append(seconds)
        peaks.append(peak)
        warm, _, again = build(content, out, cache)
        if again:
            sys.exit(f"the warm build decoded {again} photos")
        warms.append(warm)
    jpeg, _ = sizes(os.path.join(scratch, "out-0", "media", "_img"), (".jpg",))
    webp, variants = sizes(os.path.join(scratch, "out-0", "media", "_img"), (".webp",))
    cold = statistics.median(colds)
    print(f"{label}: {photos} photos, {source_bytes / 1e6:.1f} MB of sources ({decoded} decoded cold)")
    print(f"  cold image stage  {cold:7.2f} s   ({photos / max(cold, 1e-9):.1f} photos/s); peak memory of the build {statistics.median(peaks):.0f} MB")
    print(f"  warm image stage  {statistics.median(warms):7.3f} s")
    print(f"  variants written  {variants} (each as JPEG and WebP): JPEG {jpeg / 1e6:.1f} MB, WebP {webp / 1e6:.1f} MB")


def own_photos(demo, count):
    """Gives the first `count` listings of the demo a photo file of their own: the shared photo's
    bytes and the listing's number after the JPEG's end marker (still a valid JPEG, another hash)."""
    listings = sorted(os.listdir(os.path.join(demo, "properties")))[:count]
    for number, name in enumerate(listings):
        path = os.path.join(demo, "properties", name)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        found = re.search(r"media/demo/(photo-\d+)\.jpg", text)
        if not found:
            continue
        own = f"media/demo/own-{number:05}.jpg"
        with open(os.path.join(demo, found.group(0)), "rb") as f:
            data = f.read()
        with open(os.path.join(demo, own), "wb") as f:
            f.write(data + number.to_bytes(4, "big"))
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace(found.group(0), own, 1))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--properties", type=int, default=10000)
    parser.add_argument("--posts", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--unique", type=int, default=0, metavar="N",
        help="give the demo's first N listings photos of their own (a copy with a distinct tail after "
        "the JPEG's end), so the stage has N more distinct sources to decode, then to know warm",
    )
    args = parser.parse_args()
    if not os.path.exists(ESTATE):
        sys.exit(f"no {ESTATE}: cargo build --release --bin estate")
    print(f"cores: {os.cpu_count()}; medians of {args.runs} runs; target: warm stage < 0.2 s at 10,000 listings")
    with tempfile.TemporaryDirectory() as scratch:
        sample = os.path.join(scratch, "sample")
        os.makedirs(sample)
        measure("sample content", os.path.join(ROOT, "content"), args.runs, sample)
        demo = os.path.join(scratch, "demo")
        subprocess.run(
            [ESTATE, "demo", "--properties", str(args.properties), "--posts", str(args.posts), "--out", demo, "--shared-photos"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        if args.unique:
            own_photos(demo, args.unique)
        work = os.path.join(scratch, "demo-work")
        os.makedirs(work)
        label = f"demo of {args.properties} listings" + (f", {args.unique} with photos of their own" if args.unique else "")
        measure(label, demo, args.runs, work)


if __name__ == "__main__":
    main()
