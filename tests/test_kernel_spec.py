"""culab against jupyter_kernel_test's protocol conformance tests (0.7.0).

Every sample the suite can use is given: stdout, stderr, completion,
is_complete (complete, incomplete, invalid), errors, execute_result (text
and a rich type), display_data (HTML, PNG from bytes and from an
image.Image, Markdown, SVG, JSON, LaTeX), history (tail, range, search),
inspection and clear_output. Every message the kernel sends during these
tests is validated against the suite's schema of protocol 5.

Not given: code_page_something (the kernel sends no pager payloads; its
help is inspect_request). IopubWelcomeTests runs too: the kernel's IOPub
socket is an XPUB that welcomes each subscriber (JEP 65); jupyter_client's
wait_for_ready consumes that welcome before the suite's own checks.

A few checks of culab's own replies follow the suite's, in the same class
(one kernel for all).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from typing import Any

# Imported as a module: pytest collects every unittest.TestCase in a test
# module's namespace, and jupyter_kernel_test.KernelTests itself would run
# against the python3 kernel.
import jupyter_kernel_test as jkt
from jupyter_client.manager import start_new_kernel
from jupyter_kernel_test.msgspec_v5 import validate_message

from conftest import KERNEL_NAME



class CulabKernelTests(jkt.KernelTests):
    kernel_name = KERNEL_NAME
    language_name = "go"
    file_extension = ".go"

    @classmethod
    def setUpClass(cls) -> None:
        # A history of its own: the history tests count what they find.
        cls._history = tempfile.mkdtemp(prefix="culab-kt-history-")
        cls.km, cls.kc = start_new_kernel(
            kernel_name=cls.kernel_name, startup_timeout=60, env={**os.environ, "XDG_DATA_HOME": cls._history}
        )

    @classmethod
    def tearDownClass(cls) -> None:
        try:
            super().tearDownClass()
        finally:
            shutil.rmtree(cls._history, ignore_errors=True)

    code_hello_world = 'fmt.Println("hello, world")'
    code_stderr = 'fmt.Fprintln(os.Stderr, "this goes to stderr")'

    # Members after "pkg." replace the partial name after the dot.
    completion_samples = [
        {"text": "fmt.Pri", "matches": {"Print", "Printf", "Println"}},
        {"text": "strings.HasP", "matches": {"HasPrefix"}},
        {"text": "display.HT", "matches": {"HTML"}},
        {"text": "cudalib.Op", "matches": {"Open", "OpenDevice", "OpenVirtual", "OpenVirtualGPU"}},
        {"text": "%he", "matches": {"help"}},
        {"text": "f(1).", "matches": set()},
    ]

    complete_code_samples = [
        "",
        "x := 1",
        'fmt.Println("hi")',
        "func f() {}",
        "for i := 0; i < 3; i++ {\n\tfmt.Println(i)\n}",
        "%time x := 1",
        # A %%cuda cell is CUDA C: the kernel does not judge its braces.
        "%%cuda\n__global__ void k() {",
    ]
    incomplete_code_samples = [
        "func f() {",
        "for {\n\tif x {",
        "x := 1 +",
        "s := `raw",
        "fmt.Println(",
    ]
    invalid_code_samples = ["x := )", "}", "x := 1 2"]

    code_generate_error = 'panic("boom")'

    code_execute_result = [
        {"code": "1+2", "result": "3"},
        {"code": "6 * 7", "result": "42"},
        {"code": '"go" + "pher"', "result": "gopher"},
        {"code": "math.Sqrt(16) == 4", "result": "true"},
        {"code": 'display.HTML("<i>hi</i>")', "mime": "text/html", "result": "<i>hi</i>"},
    ]

    code_display_data = [
        {"code": 'display.Show(display.HTML("<b>bold</b>"))', "mime": "text/html"},
        {"code": "display.Show(image.NewRGBA(image.Rect(0, 0, 8, 8)))", "mime": "image/png"},
        {
            "code": 'p := plots.Lines("t", "x", "y", false, false).Add("a", []float64{1, 2, 3}, []float64{1, 4, 9})\n'
            "display.Show(display.PNG(p.PNG()))",
            "mime": "image/png",
        },
        {"code": 'display.Show(display.Markdown("# title"))', "mime": "text/markdown"},
        {"code": "display.Show(display.SVG(`<svg xmlns=\"http://www.w3.org/2000/svg\"/>`))", "mime": "image/svg+xml"},
        {"code": 'display.Show(display.JSON(map[string]int{"a": 1}))', "mime": "application/json"},
        {"code": 'display.Show(display.Math("x^2"))', "mime": "text/latex"},
    ]

    # Matches "6 * 7" alone (SQLite GLOB, as IPython: the whole input).
    code_history_pattern = "6*7"
    supported_history_operations = ("tail", "range", "search")

    code_inspect_sample = "fmt.Println"

    code_clear_output = 'fmt.Println("soon gone")\ndisplay.Clear(false)'

    # --- culab's own replies ------------------------------------------------

    def request(self, send: Any, msg_type: str) -> dict[str, Any]:
        self.flush_channels()
        msg_id = send()
        while True:
            reply = self.kc.get_shell_msg(timeout=jkt.TIMEOUT)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        validate_message(reply, msg_type, msg_id)
        return reply["content"]

    def test_culab_kernel_info(self) -> None:
        c = self.request(self.kc.kernel_info, "kernel_info_reply")
        self.assertEqual(c["implementation"], "culab")
        self.assertEqual(c["protocol_version"], "5.4")
        li = c["language_info"]
        self.assertEqual((li["name"], li["mimetype"], li["pygments_lexer"], li["codemirror_mode"]), ("go", "text/x-go", "go", "go"))
        self.assertIn("%help", c["banner"])
        self.assertTrue(c["help_links"])

    def test_culab_completion_cursor(self) -> None:
        c = self.request(lambda: self.kc.complete("fmt.Pri"), "complete_reply")
        self.assertEqual((c["cursor_start"], c["cursor_end"]), (4, 7))
        # The cursor counts code points, not bytes (protocol 5.2).
        code = 's := "héllo"\nfmt.Spr'
        c = self.request(lambda: self.kc.complete(code, cursor_pos=len(code)), "complete_reply")
        self.assertIn("Sprintf", c["matches"])
        self.assertEqual((c["cursor_start"], c["cursor_end"]), (len(code) - 3, len(code)))

    def test_culab_completion_of_cell_names(self) -> None:
        reply, _ = self.execute_helper("type Acc struct{ Total int }\nacc := &Acc{}\naccent := 1")
        self.assertEqual(reply["content"]["status"], "ok")
        c = self.request(lambda: self.kc.complete("acc"), "complete_reply")
        self.assertTrue({"acc", "accent"} <= set(c["matches"]), c["matches"])
        c = self.request(lambda: self.kc.complete("acc.T"), "complete_reply")
        self.assertEqual(c["matches"], ["Total"])

    def test_culab_inspect(self) -> None:
        code = "fmt.Println"
        c = self.request(lambda: self.kc.inspect(code, cursor_pos=6), "inspect_reply")
        self.assertTrue(c["found"])
        self.assertIn("func Println(a ...any) (n int, err error)", c["data"]["text/plain"])
        c = self.request(lambda: self.kc.inspect("nosuchname", cursor_pos=3), "inspect_reply")
        self.assertEqual(c["status"], "ok")
        self.assertFalse(c["found"])

    def test_culab_is_complete_indent(self) -> None:
        c = self.request(lambda: self.kc.is_complete("func f() {"), "is_complete_reply")
        self.assertEqual((c["status"], c["indent"]), ("incomplete", "\t"))
        c = self.request(lambda: self.kc.is_complete("for {\n\tif x {"), "is_complete_reply")
        self.assertEqual((c["status"], c["indent"]), ("incomplete", "\t\t"))

    def test_culab_user_expressions(self) -> None:
        self.flush_channels()
        msg_id = self.kc.execute("ue := 21", user_expressions={"double": "ue * 2", "bad": "nosuch + 1"})
        reply = self.get_non_kernel_info_reply(timeout=jkt.TIMEOUT)
        assert reply is not None
        validate_message(reply, "execute_reply", msg_id)
        ue = reply["content"]["user_expressions"]
        self.assertEqual(ue["double"]["status"], "ok")
        self.assertEqual(ue["double"]["data"]["text/plain"], "42")
        self.assertEqual(ue["bad"]["status"], "error")
        self.assertIn("nosuch", ue["bad"]["evalue"])
        self.flush_channels()

    def test_culab_silent_execution(self) -> None:
        reply, _ = self.execute_helper("1")
        count = reply["content"]["execution_count"]
        self.flush_channels()
        msg_id = self.kc.execute('fmt.Println("quiet")', silent=True)
        reply = self.get_non_kernel_info_reply(timeout=jkt.TIMEOUT)
        assert reply is not None
        validate_message(reply, "execute_reply", msg_id)
        self.assertEqual(reply["content"]["status"], "ok")
        # A silent request broadcasts nothing but busy and idle, and does
        # not advance the execution count.
        states = []
        while True:
            msg = self.kc.get_iopub_msg(timeout=jkt.TIMEOUT)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            validate_message(msg, msg["msg_type"], msg_id)
            self.assertEqual(msg["msg_type"], "status")
            states.append(msg["content"]["execution_state"])
            if states[-1] == "idle":
                break
        self.assertEqual(states, ["busy", "idle"])
        reply, _ = self.execute_helper("2")
        self.assertEqual(reply["content"]["execution_count"], count + 1)


class CulabIopubWelcomeTests(jkt.IopubWelcomeTests):
    kernel_name = KERNEL_NAME
    support_iopub_welcome = True  # an XPUB iopub socket welcomes each subscriber (JEP 65)
