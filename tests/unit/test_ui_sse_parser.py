"""The UI's Server-Sent Events reader (``pptxagent/service/ui/api.js``, run in Node): the
same events — ids, types, multi-line data, comments skipped, ``\\r\\n`` line ends — whatever
bytes the network splits the stream into (every split point of one stream is tried)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

API_JS = Path(__file__).resolve().parents[2] / "pptxagent" / "service" / "ui" / "api.js"
NODE = shutil.which("node")

STREAM = (
    "retry: 1200\n\n"
    'id: 1\nevent: job.queued\ndata: {"id":1,"type":"job.queued","data":{}}\n\n'
    ": ping\n\n"
    'id: 2\r\nevent: plan\r\ndata: {"steps":\r\ndata: 4}\r\n\r\n'
    'id: 3\revent: job.succeeded\rdata: {"id":3}\r\r'
)
EXPECTED = [
    {"id": "1", "event": "job.queued", "data": '{"id":1,"type":"job.queued","data":{}}'},
    {"id": "2", "event": "plan", "data": '{"steps":\n4}'},
    {"id": "3", "event": "job.succeeded", "data": '{"id":3}'},
]

# Reads STREAM split in two at every byte, and byte by byte; prints one JSON list per read.
HARNESS = """
import { readSse } from %s;
const bytes = new TextEncoder().encode(%s);
async function read(chunks) {
  const body = new ReadableStream({
    start(c) { for (const ch of chunks) c.enqueue(ch); c.close(); },
  });
  const got = [];
  await readSse({ body }, (e) => got.push(e));
  return got;
}
const out = [];
for (let i = 0; i <= bytes.length; i++) out.push(await read([bytes.slice(0, i), bytes.slice(i)]));
out.push(await read([...bytes].map((b) => new Uint8Array([b]))));
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(NODE is None, reason="needs node to run the UI's JavaScript")
def test_sse_reader_gives_the_same_events_however_the_stream_is_split(tmp_path: Path) -> None:
    script = tmp_path / "harness.mjs"
    script.write_text(HARNESS % (json.dumps(API_JS.as_uri()), json.dumps(STREAM)))
    proc = subprocess.run([str(NODE), str(script)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    reads = json.loads(proc.stdout)
    assert len(reads) == len(STREAM.encode()) + 2
    for k, got in enumerate(reads):
        assert got == EXPECTED, f"read {k}: {got}"
