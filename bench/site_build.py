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
# Each kind of page: its module (src/pages/{module}.tsx) and its message sets
# (site/src/i18n/message-sets.json), named after the module but for the listing pages, whose set
# is their kind's (routes.tsx); a kind of page with several sets is reported at its largest. EAGER:
# the chunks a page's module imports lazily but fetches with its first view (its route's handle's
# `eager`, named in the boot block).
EAGER = {"search": ["PropertyCard"]}
# A page of each kind whose HTML carries inline scripts (the CSP names each by its hash): the
# search results' (the early photos' drawing and the request starter) and /compare's (the early
# photos' drawing). Their gzipped bytes are part of the kind's first view, under the budget like
# its files, and printed beside them too.
INLINE = {"search": "search-result", "compare": "compare"}
# The boot script (src/boot.ts, built twice: site/vite.config.ts `bootScripts`) of the kinds whose
# boot starts their early requests itself (src/early.ts): the others' is the plain one.
BOOT = {"compare": "src/boot.ts?early"}
PAGES = {
    "home": ("Home", ["Home"]),
    "listing": ("Listing", ["ListingResidential", "ListingRental", "ListingOffPlan", "ListingCommercial", "ListingAll"]),
    "property": ("PropertyDetail", ["PropertyDetail"]),
    "blog post": ("BlogDetail", ["BlogDetail"]),
    "about": ("About", ["About"]),
    "search": ("SearchResults", ["SearchResults"]),
    "contact": ("Contact", ["Contact"]),
    "seller": ("Seller", ["Seller"]),
    "shortlist": ("Shortlist", ["Shortlist"]),
    "compare": ("Compare", ["Compare"]),
    # The team page, which also draws a member's page (/agents/{id}) and a developer's
    # (/developers/{id}): people/People.tsx in its chunk, its messages in the Team set.
    "team": ("Team", ["Team"]),
    "developers": ("Developers", ["Developers"]),
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


def js_sizes(out):
    manifest = json.load(open(os.path.join(out, ".vite", "manifest.json")))

    def closure(key, seen):
        if key in seen or key not in manifest:
            return
        seen.add(key)
        for child in manifest[key].get("imports", []):
            closure(child, seen)

    def gz(keys):
        total = 0
        for key in keys:
            with open(os.path.join(out, manifest[key]["file"]), "rb") as f:
                total += len(gzip.compress(f.read(), 9))
        return total

    entry = set()
    closure("index.html", entry)
    # The entry with the boot script most pages name (src/boot.ts), which starts it after the first paint.
    sizes = {"entry": {"en": gz(entry | {"src/boot.ts"})}}
    for name, (module, sets) in PAGES.items():
        source = f"src/pages/{module}.tsx"
        boot = BOOT.get(name, "src/boot.ts")
        if boot not in manifest:
            sys.exit(f"{boot} is not in the build's manifest: BOOT in bench/site_build.py is out of date")
        sizes[name] = {}
        for lang in LANGS:
            views = []
            for messages in sets:
                keys = entry | {boot}
                # The page's module with its imports, and the shell's and the page's messages.
                for key in (source, f"virtual:messages-{lang}-shell", f"virtual:messages-{lang}-{messages}"):
                    if key not in manifest:
                        sys.exit(f"{key} is not in the build's manifest: PAGES in bench/site_build.py is out of date")
                    closure(key, keys)
                for chunk in EAGER.get(name, []):
                    lazy = [key for key in manifest[source].get("dynamicImports", []) if manifest[key].get("name") == chunk]
                    if not lazy:
                        sys.exit(f"{source} imports no chunk named {chunk} lazily: EAGER in bench/site_build.py is out of date")
                    closure(lazy[0], keys)
                views.append(gz(keys))
            sizes[name][lang] = max(views)
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


# The first-view JavaScript budget, gzipped, the page's inline scripts counted in (the browser
# runs them as it runs the files): 100 KB. React DOM hydrates the whole page in the browser, with
# no router (the entry alone 81.0 KB: React DOM 63; React Router's data router, 30, left it); the
# largest first view is the search results' in Russian, 99.0 KB with its inline scripts (1.4 KB),
# the others 85-97. A second runtime or an eager map or editor chunk (each 20 KB and more) fails
# it. Hydrating only what a visitor can touch (islands: docs/decisions/0001-react-in-the-browser.md)
# is the way under 90.
JS_BUDGET = 100 * 1024


def inline_js(out, path, lang):
    """Gzipped bytes of the inline scripts (not data blocks) in the page at `path` in `lang`,
    compressed together: one HTML response carries them, compressed as one stream."""
    page = os.path.join(out, *([] if lang == "en" else [lang]), path, "index.html")
    with open(page, encoding="utf-8") as f:
        html = f.read()
    scripts = re.findall(r"<script>(.*?)</script>", html, re.S)
    return len(gzip.compress("".join(scripts).encode(), 9)) if scripts else 0


def print_js_sizes(out):
    """Prints each kind of page's first-view JS per language, its inline scripts counted in; returns those over the budget."""
    over = []
    for name, per_lang in js_sizes(out).items():
        inline = {lang: inline_js(out, INLINE[name], lang) for lang in per_lang} if name in INLINE else {}
        total = {lang: size + inline.get(lang, 0) for lang, size in per_lang.items()}
        figures = ", ".join(
            f"{lang} {size / 1024:.1f}" + (f" ({inline[lang] / 1024:.1f} of it inline)" if inline else "") for lang, size in total.items()
        )
        print(f"  first view JS, {name:<9}: {figures} KB gzipped")
        over += [f"{name} ({lang}) {size / 1024:.1f} KB" for lang, size in total.items() if size >= JS_BUDGET]
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
            sys.exit(f"first-view JS over {JS_BUDGET // 1024} KB gzipped: {', '.join(over)}")
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
