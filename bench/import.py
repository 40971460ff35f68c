#!/usr/bin/env python3
"""Benchmark of `estate import propertyfinder` on a generated feed without photos.

Writes a Property Finder XML feed of N listings (sales and rents of every kind, English and
Arabic texts, amenity codes, agents of the sample team), then times importing it into a fresh
copy of the sample content without listings (every file created), and again into the same
folder (every listing unchanged). Prints each run and the medians. Figures, not assertions. With --dry-run, times only
`--dry-run` into a fresh copy (what an agency runs first on a big feed: 50,000 listings should
take well under 30 s).

    python3 bench/import.py [--listings 5000] [--runs 3] [--dry-run] [--estate PATH]
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ESTATE = os.path.join(ROOT, "target", "release", "estate")

COMMUNITIES = ["Business Bay", "Downtown Dubai", "Dubai Creek Harbour", "Arabian Ranches", "DIFC"]
# (offering type, property type, rent?)
KINDS = [("RS", "AP", False), ("RS", "VH", False), ("RS", "TH", False), ("RR", "AP", True),
         ("RR", "VH", True), ("CS", "OF", False), ("CR", "WH", True), ("CS", "SH", False)]
PRIVATE = ["AC", "BA", "CP", "CS", "MR", "PP", "PR", "SE", "SP", "SY"]
COMMERCIAL = ["CR", "DN", "LB", "MZ", "PN", "CP"]
AGENTS = [("sara@palmcrest.ae", "48213"), ("daniel@palmcrest.ae", "51736")]


def feed(n, seed=1):
    rng = random.Random(seed)
    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<list last_update="2026-11-20 10:00:00" listing_count="%d">\n' % n]
    for i in range(n):
        offering, ptype, rent = rng.choice(KINDS)
        commercial = offering.startswith("C")
        price = f"<price><yearly>{rng.randrange(40, 900) * 1000}</yearly></price>" if rent else f"<price>{rng.randrange(500, 20000) * 1000}</price>"
        amenities = rng.sample(COMMERCIAL if commercial else PRIVATE, 3)
        email, brn = rng.choice(AGENTS)
        parts.append(
            f'<property last_update="2026-{rng.randrange(1, 12):02d}-{rng.randrange(1, 28):02d} 09:00:00">'
            f"<reference_number>BM-{i:05d}</reference_number><permit_number>{7100000000 + i}</permit_number>"
            f"<offering_type>{offering}</offering_type><property_type>{ptype}</property_type>{price}"
            f"<size>{rng.randrange(400, 9000)}</size><bedroom>{0 if commercial else rng.randrange(1, 6)}</bedroom><bathroom>{rng.randrange(1, 6)}</bathroom>"
            f"<title_en><![CDATA[Listing {i} with a view in {COMMUNITIES[i % len(COMMUNITIES)]}]]></title_en>"
            f"<description_en><![CDATA[A bright home near the park & the metro.\n\nWalk to schools, shops and the beach.]]></description_en>"
            f"<title_ar><![CDATA[عقار رقم {i}]]></title_ar><description_ar><![CDATA[وصف العقار.]]></description_ar>"
            f"<city>Dubai</city><community>{COMMUNITIES[i % len(COMMUNITIES)]}</community>"
            f"<{'commercial' if commercial else 'private'}_amenities>{','.join(amenities)}</{'commercial' if commercial else 'private'}_amenities>"
            f"<geopoints>{55.1 + rng.random() / 5:.5f},{25.0 + rng.random() / 5:.5f}</geopoints>"
            f"<agent><id>{brn}</id><email>{email}</email><license_no>{brn}</license_no></agent></property>\n"
        )
    parts.append("</list>\n")
    return "".join(parts)


def run(args):
    started = time.perf_counter()
    proc = subprocess.run([ESTATE, *args], capture_output=True)
    elapsed = time.perf_counter() - started
    if proc.returncode != 0:
        sys.exit(f"estate {' '.join(args)} failed:\n{proc.stderr.decode()[-2000:]}")
    return elapsed, proc.stdout.decode().strip().splitlines()[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listings", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dry-run", action="store_true", help="time `--dry-run` only")
    parser.add_argument("--estate", help="the binary to time (default: build target/release/estate)")
    opts = parser.parse_args()

    global ESTATE
    if opts.estate:
        ESTATE = opts.estate
    else:
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "estate"], cwd=ROOT, check=True)
    work = tempfile.mkdtemp(prefix="estate-import-bench-")
    try:
        path = os.path.join(work, "feed.xml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(feed(opts.listings))
        print(f"feed: {opts.listings} listings, {os.path.getsize(path) / 1e6:.1f} MB, no photos; cores: {os.cpu_count()}")
        fresh, again = [], []
        for i in range(opts.runs):
            content = os.path.join(work, f"content-{i}")
            ignore = shutil.ignore_patterns("properties", "blog")
            shutil.copytree(os.path.join(ROOT, "content"), content, ignore=ignore)
            os.makedirs(os.path.join(content, "properties"))
            dry = ["--dry-run"] if opts.dry_run else []
            seconds, line = run(["import", "propertyfinder", path, "--content", content, *dry])
            fresh.append(seconds)
            print(f"  fresh  {seconds:.2f} s  {line}")
            if opts.dry_run:
                continue
            seconds, line = run(["import", "propertyfinder", path, "--content", content])
            again.append(seconds)
            print(f"  again  {seconds:.2f} s  {line}")
        median = lambda xs: sorted(xs)[len(xs) // 2]
        what = "--dry-run, fresh content" if opts.dry_run else "fresh content"
        print(f"estate import ({what}): median {median(fresh):.2f} s")
        if again:
            print(f"estate import (again, all unchanged): median {median(again):.2f} s")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
