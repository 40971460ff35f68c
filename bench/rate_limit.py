#!/usr/bin/env python3
"""Load test of the lead rate limit (not a test): prints figures, asserts nothing.

One client on 127.0.0.1 sends POST /api/contact-user at a fixed 200 requests per second for 30
seconds (open loop, bounded), each request with a new X-Nf-Client-Connection-Ip, to the
function's router hosted as `estate serve` hosts it (`lead-fn/examples/serve.rs`, outbox sink,
the default limit of 10 per client per minute):

- "spoofed": the header alone, as a caller of the public function URL could send it. The
  function must count every request under the one peer address, so about 10 are accepted.
- "through the proxy": the same with Netlify's signature (`X-Nf-Sign`, an HS256 JWS keyed with
  `LEAD_PROXY_SECRET`), as Netlify's signed proxy rule (`Sign=LEAD_PROXY_SECRET`) sends it: each rotating address is then a visitor of its own and is accepted,
  which shows the header is still read when the proxy proves itself.

    python3 bench/rate_limit.py [--rate 200] [--seconds 30]
"""

import argparse
import asyncio
import base64
import hashlib
import hmac
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECRET = "bench-proxy-secret-0123456789"
LEAD = json.dumps({
    "name": "Aisha Khan", "email": "aisha@example.com", "contactNumber": "0501234567",
    "message": "Is the flat still available?", "form": "detail",
}).encode()


def netlify_signature(secret: str) -> str:
    """What Netlify's signed proxy rewrite adds: an HS256 JWS, issuer netlify, 5 minutes."""
    def b64(data: bytes) -> str:
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
    now = int(time.time())
    claims = {"deploy_context": "production", "netlify_id": "bench", "site_url": "https://bench.example",
              "iss": "netlify", "iat": now, "exp": now + 300}
    signed = b64(b'{"alg":"HS256","typ":"JWT"}') + "." + b64(json.dumps(claims).encode())
    return signed + "." + b64(hmac.new(secret.encode(), signed.encode(), hashlib.sha256).digest())


def build() -> Path:
    subprocess.run(["cargo", "build", "--quiet", "-p", "lead-fn", "--example", "serve"], cwd=ROOT, check=True)
    return ROOT / "target" / "debug" / "examples" / "serve"


async def post(port: int, headers: dict) -> tuple[int, float]:
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    writer.write(
        f"POST /api/contact-user HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(LEAD)}\r\nConnection: close\r\n{head}\r\n".encode() + LEAD
    )
    await writer.drain()
    status_line = await reader.readline()
    await reader.read()
    writer.close()
    return int(status_line.split()[1]), time.perf_counter() - started


async def run(port: int, rate: int, seconds: float, with_secret: bool) -> dict:
    count = int(rate * seconds)
    signature = netlify_signature(SECRET)
    start = time.perf_counter()
    tasks = []
    for n in range(count):
        due = start + n / rate
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        headers = {"X-Nf-Client-Connection-Ip": f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"}
        if with_secret:
            headers["X-Nf-Sign"] = signature
        tasks.append(asyncio.create_task(post(port, headers)))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    statuses: dict[int, int] = {}
    latencies = []
    errors = 0
    for result in results:
        if isinstance(result, BaseException):
            errors += 1
            continue
        statuses[result[0]] = statuses.get(result[0], 0) + 1
        latencies.append(result[1])
    latencies.sort()
    return {
        "sent": count, "statuses": statuses, "errors": errors,
        "p50_ms": round(statistics.median(latencies) * 1000, 1) if latencies else None,
        "p99_ms": round(latencies[int(len(latencies) * 0.99) - 1] * 1000, 1) if latencies else None,
        "wall_s": round(time.perf_counter() - start, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rate", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    serve = build()
    for label, with_secret in [("spoofed", False), ("through the proxy", True)]:
        with tempfile.TemporaryDirectory() as tmp:
            catalogue = Path(tmp) / "properties.json"
            catalogue.write_text("[]")
            env = {"PATH": "/usr/bin:/bin", "LEAD_OUTBOX_DIR": str(Path(tmp) / "outbox"),
                   "LEAD_PROXY_SECRET": SECRET}
            server = subprocess.Popen([str(serve), str(catalogue)], env=env, stdout=subprocess.PIPE, text=True)
            try:
                port = int(server.stdout.readline().strip().rsplit(":", 1)[1])
                figures = asyncio.run(run(port, args.rate, args.seconds, with_secret))
                kept = len(list((Path(tmp) / "outbox").glob("*.json")))
            finally:
                server.terminate()
                server.wait()
        accepted = figures["statuses"].get(200, 0)
        print(f"{label:>18}: {figures['sent']} sent at {args.rate}/s, {accepted} accepted, "
              f"{figures['statuses'].get(429, 0)} refused 429, {figures['errors']} errors, "
              f"{kept} leads kept; p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms "
              f"({figures['wall_s']} s) {json.dumps(figures['statuses'])}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
