"""Runs in the culab image (its /opt/venv Python, fed on stdin by
tests/test_image.py) and checks a Jupyter server of the image through its
REST API on the container's own loopback:

  server_check.py lab         the image's CMD (`jupyter lab`, port 8888),
                              already running, token in $JUPYTER_TOKEN
  server_check.py singleuser  starts `jupyterhub-singleuser` as KubeSpawner
                              does (docs/deploy/z2jh-values.yaml: cmd, port
                              8888, the JUPYTERHUB_* environment) against a
                              stub of the hub's API that knows one token

Either way: the API answers with a valid token and refuses a missing one,
lists the culab kernelspec, starts a culab kernel, runs a cell on it
through the kernel's websocket (as JupyterLab does), and deletes it. Prints one JSON line of what it saw; exits non-zero with the
reason on any mismatch."""

import asyncio
import json
import os
import secrets
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TIMEOUT = 120


def request(method, url, token=None, body=None):
    """(status, JSON body or None) of one API call."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "token " + token
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            raw = r.read()
            return r.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as e:
        return e.code, None


def wait_for_api(base, token, server=None):
    """Polls base/api/status until it answers 200; fails early if the server
    process ended."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if server is not None and server.poll() is not None:
            raise AssertionError(f"the server exited with {server.returncode} before its API answered")
        try:
            status, body = request("GET", base + "api/status", token)
            if status == 200:
                return body
        except OSError:
            pass
        time.sleep(0.5)
    raise AssertionError(f"{base}api/status did not answer within {TIMEOUT} s")


def check_api(base, token):
    seen = {"status": wait_for_api(base, token)}
    status, _ = request("GET", base + "api/kernelspecs")
    seen["no_token"] = status
    assert status == 403, f"api/kernelspecs without a token: {status}"
    status, specs = request("GET", base + "api/kernelspecs", token)
    assert status == 200 and "culab" in specs["kernelspecs"], (status, specs)
    seen["culab_display_name"] = specs["kernelspecs"]["culab"]["spec"]["display_name"]
    status, k = request("POST", base + "api/kernels", token, {"name": "culab"})
    assert status == 201, f"starting a culab kernel: {status}"
    seen["stdout"] = asyncio.run(execute(base, token, k["id"], 'fmt.Println("answer", 6*7)'))
    assert seen["stdout"] == "answer 42\n", seen
    status, _ = request("DELETE", base + "api/kernels/" + k["id"], token)
    assert status == 204, f"deleting the kernel: {status}"
    return seen


async def execute(base, token, kernel_id, code):
    """Runs code on the kernel through the server's websocket, as
    JupyterLab does, and returns its stdout."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    session = secrets.token_hex(8)
    url = base.replace("http", "ws", 1) + f"api/kernels/{kernel_id}/channels?session_id={session}"
    ws = await websocket_connect(HTTPRequest(url, headers={"Authorization": "token " + token}))
    msg_id = secrets.token_hex(8)
    header = {"msg_id": msg_id, "session": session, "username": "student", "msg_type": "execute_request",
              "version": "5.3", "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    content = {"code": code, "silent": False, "store_history": True, "user_expressions": {}, "allow_stdin": False}
    await ws.write_message(json.dumps({"header": header, "parent_header": {}, "metadata": {}, "content": content,
                                       "channel": "shell", "buffers": []}))
    out, replied, idle = "", False, False
    deadline = time.monotonic() + TIMEOUT
    while not (replied and idle):
        raw = await asyncio.wait_for(ws.read_message(), max(deadline - time.monotonic(), 0.1))
        assert raw is not None, "the server closed the kernel's websocket"
        msg = json.loads(raw)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        t = msg["msg_type"]
        if t == "execute_reply":
            assert msg["content"]["status"] == "ok", msg["content"]
            replied = True
        elif t == "stream":
            out += msg["content"]["text"]
        elif t == "status":
            idle = msg["content"]["execution_state"] == "idle"
    ws.close()
    return out


class Hub(BaseHTTPRequestHandler):
    """The two calls of the hub's API a single-user server makes: the
    version check at start and, for each new token, who it belongs to."""

    token = ""
    version = ""
    asked = []

    def do_GET(self):
        Hub.asked.append(self.path)
        if self.path.rstrip("/") == "/hub/api":
            self.reply(200, {"version": Hub.version})
        elif self.path == "/hub/api/user" and self.headers.get("Authorization") == "token " + Hub.token:
            self.reply(200, {"kind": "user", "name": "student", "admin": False, "groups": [],
                             "scopes": ["access:servers!user=student"], "session_id": None})
        elif self.path == "/hub/api/user":
            self.reply(403, {"status": 403, "message": "not a token of this hub"})
        else:
            self.reply(404, {"status": 404, "message": "not in this stub"})

    def reply(self, code, body):
        raw = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("X-JupyterHub-Version", Hub.version)
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def log_message(self, *args):
        pass


def singleuser():
    import jupyterhub

    Hub.token, Hub.version = secrets.token_hex(16), jupyterhub.__version__
    hub = ThreadingHTTPServer(("127.0.0.1", 8081), Hub)
    threading.Thread(target=hub.serve_forever, daemon=True).start()
    scopes = json.dumps(["access:servers!server=student/", "access:servers!user=student"])
    env = {
        **os.environ,
        "JUPYTERHUB_API_TOKEN": secrets.token_hex(16),  # the server's own
        "JUPYTERHUB_API_URL": "http://127.0.0.1:8081/hub/api",
        "JUPYTERHUB_BASE_URL": "/",
        "JUPYTERHUB_CLIENT_ID": "jupyterhub-user-student",
        "JUPYTERHUB_USER": "student",
        "JUPYTERHUB_SERVER_NAME": "",
        "JUPYTERHUB_SERVICE_PREFIX": "/user/student/",
        "JUPYTERHUB_SERVICE_URL": "http://0.0.0.0:8888/user/student/",
        "JUPYTERHUB_OAUTH_CALLBACK_URL": "/user/student/oauth_callback",
        "JUPYTERHUB_OAUTH_ACCESS_SCOPES": scopes,
        "JUPYTERHUB_OAUTH_SCOPES": scopes,
    }
    server = subprocess.Popen(["jupyterhub-singleuser"], env=env)
    try:
        base = "http://127.0.0.1:8888/user/student/"
        wait_for_api(base, Hub.token, server)
        seen = check_api(base, Hub.token)
        status, _ = request("GET", base + "api/kernelspecs", secrets.token_hex(16))
        assert status == 403, f"a token the hub does not know: {status}"
        assert "/hub/api/user" in Hub.asked, Hub.asked
        seen["hub_version"] = Hub.version
        return seen
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        hub.shutdown()


def main(mode):
    if mode == "lab":
        return check_api("http://127.0.0.1:8888/", os.environ["JUPYTER_TOKEN"])
    if mode == "singleuser":
        return singleuser()
    sys.exit(f"server_check: unknown mode {mode!r} (lab or singleuser)")


if __name__ == "__main__":
    try:
        print(json.dumps({"mode": sys.argv[1], **main(sys.argv[1])}))
    except (AssertionError, OSError, KeyError, asyncio.TimeoutError) as e:
        sys.exit(f"server_check: {type(e).__name__}: {e}"[:4000])
