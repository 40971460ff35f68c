#!/usr/bin/env python3
"""Benchmark of the lead function (not a test): prints figures, asserts nothing.

1. Requests per second and latency (p50/p90/p99) of POST /api/contact-user with the outbox sink
   (one fsynced .json and .eml per lead) and of POST /api/search-properties over a catalogue of
   1,000 listings, against the function's router on 127.0.0.1, hosted as `estate serve` hosts
   it (`lead-fn/examples/serve.rs`, built alone so the benchmark does not need the site): at a
   fixed 200 requests per second (open loop, latency counted from each request's due time), and
   as fast as 16 connections go. Every run is bounded in time (and so in count). The rate limit
   stays in the path, set high enough not to refuse.
2. The Lambda binary: its size (release, as built, and stripped as cargo-lambda ships it), and
   the time from starting the process to its first answer, against a local stand-in for the
   Lambda Runtime API, for a lead (outbox) and for a search (which first fetches the catalogue).

    python3 bench/lead_fn.py [--seconds 10]
"""

import argparse
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "target" / "release"

LEAD = {
    "name": "Aisha Khan", "email": "aisha@example.com", "contactNumber": "0501234567",
    "message": "Is the flat still available? I would like to view it on Saturday.", "form": "detail",
}
SEARCH = {"query": "marina", "type": "Apartment"}


def build() -> None:
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "-p", "lead-fn", "--bin", "lead-fn-lambda",
         "--example", "load", "--example", "serve"],
        cwd=ROOT, check=True,
    )


def load(url: str, body: dict, rate: int, seconds: float, concurrency: int = 16) -> dict:
    out = subprocess.run(
        [str(TARGET / "examples" / "load"), "--url", url, "--body", json.dumps(body), "--rate", str(rate),
         "--seconds", str(seconds), "--concurrency", str(concurrency)],
        check=True, capture_output=True, text=True,
    )
    return json.loads(out.stdout)


def catalogue(n: int) -> bytes:
    """`n` published listings in the shape of the site's api/properties.json."""
    places = ["Dubai Marina", "Downtown Dubai", "Palm Jumeirah", "Business Bay", "Jumeirah Village Circle",
              "Arabian Ranches", "Dubai Hills Estate", "Jumeirah Lake Towers", "Al Barsha", "Mirdif"]
    kinds = [("Residential", "Apartment"), ("Residential", "Villa"), ("Rental", "Apartment"),
             ("OffPlan", "Townhouse"), ("Commercial", "Office")]
    listings = []
    for i in range(n):
        category, kind = kinds[i % len(kinds)]
        place = places[(i * 7) % len(places)]
        listings.append({
            "_id": f"listing-{i}", "id": f"listing-{i}", "title": f"{kind} in {place} #{i}",
            "mainCategory": category, "subCategory": kind, "Images": [f"/media/{i}.jpg"], "location": place,
            "bedrooms": 1 + i % 6, "area": 600 + (i * 37) % 5000, "price": 800_000 + i * 1000,
            "featured": i % 11 == 0, "createdAt": "2026-01-01T00:00:00+04:00",
            "description": f"<p>A bright {kind.lower()} in {place}, close to the metro.</p>",
            "url": f"/property/listing-{i}", "reference": f"PC-{i:05}", "permitNumber": f"71{i:08}",
        })
    return json.dumps(listings).encode()


def serve(tmp: Path, catalogue_file: Path) -> tuple[subprocess.Popen, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEAD_")}
    env.update(LEAD_RATE_LIMIT_PER_MINUTE="100000000", LEAD_OUTBOX_DIR=str(tmp / "outbox"))
    proc = subprocess.Popen(
        [str(TARGET / "examples" / "serve"), str(catalogue_file)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("listening http://"):
        proc.kill()
        sys.exit("the router did not start")
    return proc, line.split()[1]


def row(name: str, figures: dict) -> str:
    statuses = ",".join(f"{k}x{v}" for k, v in figures["statuses"].items())
    return (f"  {name:<44} {figures['rps']:>8.1f} req/s  p50 {figures['p50_ms']:>6.2f} ms  "
            f"p90 {figures['p90_ms']:>6.2f} ms  p99 {figures['p99_ms']:>6.2f} ms  max {figures['max_ms']:>7.2f} ms"
            f"  ({figures['answered']} answered: {statuses}; {figures['errors']} errors)")


class Runtime(http.server.BaseHTTPRequestHandler):
    """The Lambda Runtime API's two calls: hand out one event, take its answer."""

    event: bytes = b""
    answered: threading.Event
    catalogue: bytes = b"[]"

    def do_GET(self):  # noqa: N802
        if self.path == "/site/api/properties.json":
            self.reply(200, self.catalogue, {"content-type": "application/json"})
        elif self.path.startswith("/site/"):
            # The site's other files (the search terms beside the catalogue): none here, at once,
            # so the function does not wait out its fetch's time-out for them.
            self.reply(404, b"", {})
        elif self.path.endswith("/invocation/next") and not Runtime.answered.is_set() and Runtime.event:
            event, Runtime.event = Runtime.event, b""
            deadline = str(int(time.time() * 1000) + 30000)
            self.reply(200, event, {
                "lambda-runtime-aws-request-id": "bench-1",
                "lambda-runtime-deadline-ms": deadline,
                "lambda-runtime-invoked-function-arn": "arn:aws:lambda:me-central-1:123456789012:function:lead-fn",
            })
        else:
            # No further event: hold the call until the process is stopped.
            time.sleep(5)
            self.reply(503, b"", {})

    def do_POST(self):  # noqa: N802
        length = int(self.headers.get("content-length", 0))
        self.rfile.read(length)
        Runtime.answered.set()
        self.reply(202, b"", {})

    def reply(self, status: int, body: bytes, headers: dict) -> None:
        try:
            self.send_response(status)
            for k, v in headers.items():
                self.send_header(k, v)
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args):
        pass


def first_answer(binary: Path, event: dict, env: dict, runs: int, peaks: list | None = None) -> list[float]:
    """Milliseconds from each start to the first answer (NaN: none within 10 s); `peaks` gets
    each start's peak resident memory in MiB when given."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Runtime)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    address = f"127.0.0.1:{server.server_address[1]}"
    times = []
    for _ in range(runs):
        Runtime.event = json.dumps(event).encode()
        Runtime.answered = threading.Event()
        full_env = {
            "PATH": os.environ.get("PATH", ""), "AWS_LAMBDA_RUNTIME_API": address,
            "AWS_LAMBDA_FUNCTION_NAME": "lead-fn", "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "128",
            "AWS_LAMBDA_FUNCTION_VERSION": "$LATEST",
            "LEAD_CATALOGUE_URL": f"http://{address}/site/api/properties.json", **env,
        }
        started = time.perf_counter()
        proc = subprocess.Popen([str(binary)], env=full_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        ok = Runtime.answered.wait(10)
        times.append((time.perf_counter() - started) * 1000 if ok else float("nan"))
        if peaks is not None:
            status = Path(f"/proc/{proc.pid}/status").read_text()
            peaks.append(int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:"))) / 1024)
        proc.kill()
        proc.wait()
    server.shutdown()
    return times


def http_event(path: str, body: dict) -> dict:
    return {
        "version": "2.0", "routeKey": "$default", "rawPath": path, "rawQueryString": "",
        "headers": {"content-type": "application/json", "host": "fn.lambda-url.me-central-1.on.aws"},
        "requestContext": {
            "accountId": "anonymous", "apiId": "fn", "domainName": "fn.lambda-url.me-central-1.on.aws",
            "http": {"method": "POST", "path": path, "protocol": "HTTP/1.1", "sourceIp": "203.0.113.5",
                     "userAgent": "bench"},
            "requestId": "bench", "routeKey": "$default", "stage": "$default", "time": "", "timeEpoch": 0,
        },
        "body": json.dumps(body), "isBase64Encoded": False,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=10.0, help="length of each fixed-rate run")
    ap.add_argument("--starts", type=int, default=10, help="cold starts to time")
    args = ap.parse_args()
    build()
    print(f"lead function benchmark ({os.cpu_count()} cores; the load tool runs on the same machine)")

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        catalogue_file = tmp / "properties.json"
        catalogue_file.write_bytes(catalogue(1000))
        proc, url = serve(tmp, catalogue_file)
        try:
            load(f"{url}/api/contact-user", LEAD, 50, 1.0)  # warm up
            load(f"{url}/api/search-properties", SEARCH, 50, 1.0)
            print(f"the router on loopback, {args.seconds:.0f} s at 200 req/s, then 5 s as fast as 16 connections go:")
            print(row("contact-user (outbox sink) at 200 req/s", load(f"{url}/api/contact-user", LEAD, 200, args.seconds)))
            print(row("contact-user (outbox sink), 16 connections", load(f"{url}/api/contact-user", LEAD, 0, 5.0)))
            print(row("search-properties at 200 req/s", load(f"{url}/api/search-properties", SEARCH, 200, args.seconds)))
            print(row("search-properties, 16 connections", load(f"{url}/api/search-properties", SEARCH, 0, 5.0)))
            leads = len(list((tmp / "outbox").glob("*.json")))
            print(f"  ({leads} leads in the outbox afterwards, warm-up included)")
        finally:
            proc.terminate()
            proc.wait()
        catalogue_bytes = catalogue_file.read_bytes()

        binary = TARGET / "lead-fn-lambda"
        stripped = tmp / "lead-fn-lambda.stripped"
        shutil.copy(binary, stripped)
        subprocess.run(["strip", str(stripped)], check=True)
        mib = 1024 * 1024
        print("Lambda binary (x86_64, release):")
        print(f"  size {binary.stat().st_size / mib:.1f} MiB as built (line tables), "
              f"{stripped.stat().st_size / mib:.1f} MiB stripped (what cargo lambda ships)")
        Runtime.catalogue = catalogue_bytes
        outbox = tmp / "lambda-outbox"
        lead = first_answer(stripped, http_event("/api/contact-user", LEAD), {"LEAD_OUTBOX_DIR": str(outbox)}, args.starts)
        search = first_answer(stripped, http_event("/api/search-properties", SEARCH), {}, args.starts)
        for name, times in (("a lead (outbox)", lead), ("a search (fetches the catalogue first)", search)):
            print(f"  start to first answer, {name}: median {statistics.median(times):.1f} ms, "
                  f"min {min(times):.1f} ms, max {max(times):.1f} ms over {len(times)} starts")


if __name__ == "__main__":
    main()
