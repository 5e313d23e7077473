"""A minimal Language Server Protocol client over stdio (Content-Length framing), for the
latency benchmark (benches/lsp-latency.py): it starts `crdlint lsp` and speaks to it as an
editor does."""

import json
import os
import subprocess
import time


class Client:
    def __init__(self, argv, cwd=None):
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=cwd, stderr=subprocess.DEVNULL
        )
        self.next_id = 0
        self.notes = []

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise EOFError("the server closed its output")
            line = line.strip()
            if not line:
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.proc.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        rid = self.next_id
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        while True:
            msg = self.read()
            if msg.get("id") == rid and "method" not in msg:
                return msg
            if "method" in msg and "id" in msg:
                # A request of the server's (registerCapability): answered empty.
                self.send({"jsonrpc": "2.0", "id": msg["id"], "result": None})
            else:
                self.notes.append(msg)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_diagnostics(self, uri):
        """The next publishDiagnostics for `uri` (already received ones first)."""
        while True:
            for i, n in enumerate(self.notes):
                if n.get("method") == "textDocument/publishDiagnostics" and n["params"]["uri"] == uri:
                    del self.notes[i]
                    return n["params"]["diagnostics"]
            msg = self.read()
            if "method" in msg and "id" in msg:
                self.send({"jsonrpc": "2.0", "id": msg["id"], "result": None})
            else:
                self.notes.append(msg)

    def initialize(self, root):
        uri = file_uri(root)
        self.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": uri,
                "workspaceFolders": [{"uri": uri, "name": "ws"}],
                "capabilities": {},
            },
        )
        self.notify("initialized", {})

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        return self.proc.wait(timeout=10)


def file_uri(path):
    return "file://" + os.path.abspath(path)


def now_ms():
    return time.perf_counter() * 1000
