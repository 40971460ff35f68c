#!/usr/bin/env python3
"""Benchmark of the whole `estate build` (content stage, Vite builds, prerender).

Builds the sample content and a demo catalogue (`estate demo --properties N`), each clean
(`--no-cache`: no page cache, no cache of Vite's output), and prints the total wall time, the
prerender's pages per second (from its own summary line), each listing page's HTML in each
language, and the JavaScript a first page view downloads, gzipped, per kind of page (from
Vite's manifest: the entry chunk with its static imports plus the page's lazy chunk with its
imports and its messages in each language, and the page's boot script), with the inline scripts
of the pages that carry one counted in it and shown beside it.

    python3 bench/site_build.py [--properties 10000] [--posts 500]
"""
import argparse
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ESTATE = os.path.join(ROOT, "target", "release", "estate")
# A page of each kind, by its path (without the language's prefix); a kind with several is reported
# at its largest. What a first view downloads is what the built page names: its boot script, the
# entry with its static imports and the chunks of its boot block (its islands' code, or a page's
# hydrated whole, and its messages), and the inline scripts of its HTML (the CSP names each by its
# hash), all gzipped.
def page_kinds(out):
    properties = json.load(open(os.path.join(out, "api", "properties.json")))
    posts = sorted(name for name in os.listdir(os.path.join(out, "blog")) if os.path.isdir(os.path.join(out, "blog", name)))
    agents = sorted(os.listdir(os.path.join(out, "agents")))
    developers = sorted(name for name in os.listdir(os.path.join(out, "developers")) if os.path.isdir(os.path.join(out, "developers", name)))
    post = next(os.path.join("blog", post, slug) for post in posts for slug in os.listdir(os.path.join(out, "blog", post)) if os.path.isdir(os.path.join(out, "blog", post, slug)))
    return {
        "home": [""],
        "listing": ["buy-property", "rent-property", "off-plan", "commercial", "allproperties"],
        "property": [f"property/{properties[0]['id']}"],
        "blog post": [post],
        "about": ["about-us"],
        "search": ["search-result"],
        "contact": ["contact-us"],
        "seller": ["pro"],
        "shortlist": ["shortlist"],
        "compare": ["compare"],
        "team": ["meet-the-team"],
        "agent": [f"agents/{agents[0]}"],
        "developers": ["developers"],
        "developer": [f"developers/{developers[0]}"],
        "area guide": ["area-guides-in-dubai/dubai-marina"],
    }


LANGS = ["en", "ar", "ru"]


def build(content, out):
    started = time.perf_counter()
    proc = subprocess.run([ESTATE, "build", "--no-cache", "--content", content, "--out", out], cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if proc.returncode != 0:
        sys.exit(f"estate build failed:\n{proc.stdout}\n{proc.stderr}")
    prerender = re.search(r"prerender: (\d+) pages in ([\d.]+) s \((\d+) pages/s", proc.stdout)
    return elapsed, prerender.groups() if prerender else None


def page_html(out, path, lang):
    page = os.path.join(out, *([] if lang == "en" else [lang]), path, "index.html")
    with open(page, encoding="utf-8") as f:
        return f.read()


def first_view(out, manifest, html):
    """Gzipped bytes of the page's scripts (files and inline), and of its inline scripts alone."""
    by_file = {chunk["file"]: key for key, chunk in manifest.items()}
    files = set()

    def closure(file):
        if file in files:
            return
        files.add(file)
        for child in manifest.get(by_file.get(file, ""), {}).get("imports", []):
            closure(manifest[child]["file"])

    boot = re.search(r'<script defer src="/([^"]+)"', html)
    block = re.search(r'<script type="application/json" id="boot">(.*?)</script>', html, re.S)
    if not boot or not block:
        sys.exit("a page without its boot script or boot block: bench/site_build.py is out of date")
    files.add(boot.group(1))
    named = json.loads(block.group(1))
    for file in [named["entry"], *named["preload"]]:
        closure(file.lstrip("/"))
    total = 0
    for file in files:
        with open(os.path.join(out, file), "rb") as f:
            total += len(gzip.compress(f.read(), 9))
    scripts = re.findall(r"<script>(.*?)</script>", html, re.S)
    inline = len(gzip.compress("".join(scripts).encode(), 9)) if scripts else 0
    return total + inline, inline


def js_sizes(out):
    """Each kind of page's first view per language: (bytes, of them inline), its largest page's."""
    manifest = json.load(open(os.path.join(out, ".vite", "manifest.json")))
    sizes = {}
    for name, paths in page_kinds(out).items():
        sizes[name] = {lang: max(first_view(out, manifest, page_html(out, path, lang)) for path in paths) for lang in LANGS}
    return sizes


LISTING_PAGES = ["residential-properties", "rent-property", "off-plan", "commercial", "allproperties"]


# The promise: a listing page's HTML with its embedded data under 150 KB at 10,000 listings.
LISTING_PAGE_TARGET = 150 * 1024


def listing_page_sizes(out):
    """Bytes of each listing page's HTML (its embedded loader data included) in each language, raw and gzipped."""
    sizes = {}
    for name in LISTING_PAGES:
        for lang in LANGS:
            path = os.path.join(out, *([] if lang == "en" else [lang]), name, "index.html")
            if os.path.exists(path):
                with open(path, "rb") as f:
                    html = f.read()
                sizes[path[len(out):-len("/index.html")]] = (len(html), len(gzip.compress(html, 9)))
    return sizes


# The first-view JavaScript budget, gzipped, what the page names and its inline scripts counted in
# (the browser runs them as it runs the files): 90 KB, for every kind of page. React DOM alone is 66
# of every first view; the entry (React, the header's and compare tray's islands, the small modules
# most islands use) 80, with the boot script and the header's messages 82 for a page whose islands
# on its first view are small or deferred (a post, the team, /about-us, the listing pages and the
# area guides, whose islands come once the page is idle or touched: islands/hydrate.tsx);
# /contact-us 86, the home page 87, a property 88-89, /pro 89-90 (their forms and the parts below a
# home's or a property's first screen come later), the search results 89.2-89.6 (their count and
# cards hydrated with the page with the search's inline scripts, minified, their refine controls
# deferred: docs/decisions/0002-islands.md). A second runtime, or an eager map or editor chunk (each 20 KB
# and more), fails it.
JS_BUDGET = 90 * 1024


def print_js_sizes(out):
    """Prints each kind of page's first-view JS per language, its inline scripts counted in; returns those over the budget."""
    over = []
    for name, per_lang in js_sizes(out).items():
        figures = ", ".join(
            f"{lang} {size / 1024:.1f}" + (f" ({inline / 1024:.1f} of it inline)" if inline else "") for lang, (size, inline) in per_lang.items()
        )
        print(f"  first view JS, {name:<10}: {figures} KB gzipped")
        over += [f"{name} ({lang}) {size / 1024:.1f} KB (budget {JS_BUDGET // 1024})" for lang, (size, _) in per_lang.items() if size >= JS_BUDGET]
    return over


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--properties", type=int, default=10_000)
    parser.add_argument("--posts", type=int, default=500)
    parser.add_argument("--check-js", metavar="DIST", help="only print the first-view JS of a built DIST; exit 1 when a page is over the budget (the browser tests run this)")
    opts = parser.parse_args()
    if opts.check_js:
        over = print_js_sizes(opts.check_js)
        if over:
            sys.exit(f"first-view JS over its budget, gzipped: {', '.join(over)}")
        return
    subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "estate"], cwd=ROOT, check=True)
    work = tempfile.mkdtemp(prefix="estate-site-bench-")
    try:
        out = os.path.join(work, "sample")
        seconds, prerender = build("content", out)
        print(f"sample content: estate build {seconds:.2f} s; prerender {prerender[0]} pages in {prerender[1]} s = {prerender[2]} pages/s")
        print_js_sizes(out)
        demo = os.path.join(work, "demo")
        subprocess.run([ESTATE, "demo", "--properties", str(opts.properties), "--posts", str(opts.posts), "--out", demo], check=True, capture_output=True)
        demo_out = os.path.join(work, "demo-dist")
        seconds, prerender = build(demo, demo_out)
        print(f"demo {opts.properties} listings + {opts.posts} posts: estate build {seconds:.2f} s; prerender {prerender[0]} pages in {prerender[1]} s = {prerender[2]} pages/s")
        for path, (raw, gzipped) in listing_page_sizes(demo_out).items():
            over = f"  OVER the {LISTING_PAGE_TARGET // 1024} KB target" if raw >= LISTING_PAGE_TARGET else ""
            print(f"  listing page {path:<26}: {raw / 1024:.1f} KB HTML with its data ({gzipped / 1024:.1f} KB gzipped){over}")
        print(f"cores: {os.cpu_count()}; targets: >= 1000 pages/s, first-view JS < {JS_BUDGET // 1024} KB gzipped, listing page < {LISTING_PAGE_TARGET // 1024} KB")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
