"""Runs in the culab image (its /opt/venv Python, fed on stdin by
tests/test_image.py): starts the culab kernel from the kernelspec the image
installed, as Jupyter would, and checks its protocol over ZeroMQ with
jupyter_client: kernel_info, a cell's output, a failing cell's error,
is_complete, and a clean shutdown. Prints one JSON line of what it saw;
exits non-zero (with the reason) on any mismatch."""

import json
import queue
import sys
import time

from jupyter_client.manager import start_new_kernel

TIMEOUT = 120


def run(kc, code):
    """The execute_reply's content and the cell's iopub messages up to idle."""
    msg_id = kc.execute(code, allow_stdin=False)
    reply = kc.get_shell_msg(timeout=TIMEOUT)
    assert reply["parent_header"]["msg_id"] == msg_id, reply
    msgs = []
    deadline = time.monotonic() + TIMEOUT
    while True:
        msg = kc.get_iopub_msg(timeout=max(deadline - time.monotonic(), 1))
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return reply["content"], msgs
        msgs.append(msg)


def main():
    km, kc = start_new_kernel(kernel_name="culab", startup_timeout=TIMEOUT)
    try:
        seen = {}
        kc.kernel_info()
        info = kc.get_shell_msg(timeout=TIMEOUT)
        assert info["msg_type"] == "kernel_info_reply", info
        seen["protocol_version"] = info["content"]["protocol_version"]
        seen["language"] = info["content"]["language_info"]["name"]
        assert seen["language"] == "go", info["content"]

        reply, msgs = run(kc, 'x := 6 * 7\nfmt.Println("answer", x)')
        assert reply["status"] == "ok", reply
        out = "".join(m["content"]["text"] for m in msgs if m["msg_type"] == "stream")
        seen["stdout"] = out
        assert out == "answer 42\n", msgs

        reply, msgs = run(kc, "undefinedName + 1")
        seen["error"] = reply.get("ename")
        assert reply["status"] == "error" and any(m["msg_type"] == "error" for m in msgs), (reply, msgs)

        kc.is_complete("func f() {")
        ic = kc.get_shell_msg(timeout=TIMEOUT)
        seen["is_complete"] = ic["content"]["status"]
        assert seen["is_complete"] == "incomplete", ic
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=False)
    assert not km.is_alive(), "the kernel outlived its shutdown"
    print(json.dumps(seen))


if __name__ == "__main__":
    try:
        main()
    except (AssertionError, queue.Empty, RuntimeError) as e:
        sys.exit(f"kernel_check: {type(e).__name__}: {e!r}"[:4000])
