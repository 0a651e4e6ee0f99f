"""Jupyter comms and widgets through jupyter_client, as a widget manager
drives them: comm_open's state checked against ipywidgets' own models
(the widget message spec, protocol 2), an update from the "front end"
running a Go callback whose output an Output widget captures, echo_update,
request_state, comm_info, close; a callback interrupted and a cell's panic
leave the widgets working; 20 rapid updates to an Interact run its
function a few times, ending on the last value; a restart closes the
comms.
"""

from __future__ import annotations

import time
from typing import Any

import comm as pycomm
import ipywidgets

from conftest import TIMEOUT, Kernel

VIEW = "application/vnd.jupyter.widget-view+json"


def send(k: Kernel, msg_type: str, content: dict[str, Any]) -> str:
    """Sends a comm message on shell, as a widget manager does."""
    msg = k.kc.session.msg(msg_type, content)
    k.kc.shell_channel.send(msg)
    return msg["header"]["msg_id"]


def until_idle(k: Kernel, msg_id: str, timeout: float = TIMEOUT) -> list[dict[str, Any]]:
    """The iopub messages of msg_id's handling, up to its idle status."""
    deadline = time.monotonic() + timeout
    out = []
    while True:
        msg = k.kc.get_iopub_msg(timeout=max(deadline - time.monotonic(), 0.01))
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "status":
            if msg["content"]["execution_state"] == "idle":
                return out
            continue
        out.append(msg)


def update(k: Kernel, comm_id: str, state: dict[str, Any]) -> str:
    return send(k, "comm_msg", {"comm_id": comm_id, "data": {"method": "update", "state": state, "buffer_paths": []}})


class _NoComm:
    """A comm that goes nowhere: ipywidgets' models built to read their state."""

    def __init__(self, *a: Any, **kw: Any) -> None:
        self.comm_id = "x"
        self.kernel = None

    def __getattr__(self, name: str) -> Any:
        return lambda *a, **kw: None


def ipywidgets_state(model_name: str) -> dict[str, Any]:
    """The state ipywidgets sends for a model of that name."""
    classes = {
        "IntSliderModel": ipywidgets.IntSlider, "FloatSliderModel": ipywidgets.FloatSlider,
        "FloatLogSliderModel": ipywidgets.FloatLogSlider, "DropdownModel": ipywidgets.Dropdown,
        "ToggleButtonModel": ipywidgets.ToggleButton, "CheckboxModel": ipywidgets.Checkbox,
        "ButtonModel": ipywidgets.Button, "TextModel": ipywidgets.Text, "IntProgressModel": ipywidgets.IntProgress, "LabelModel": ipywidgets.Label,
        "OutputModel": ipywidgets.Output, "HBoxModel": ipywidgets.HBox, "VBoxModel": ipywidgets.VBox,
        "LayoutModel": ipywidgets.Layout,
    }
    saved = pycomm.create_comm
    pycomm.create_comm = _NoComm
    try:
        if model_name.endswith("StyleModel"):
            styles = {c().style._model_name: c().style for c in classes.values() if hasattr(c(), "style")}
            return styles[model_name].get_state()
        return classes[model_name]().get_state()
    finally:
        pycomm.create_comm = saved


ALL = """
s := widgets.NewIntSlider("n", 5, 0, 10, 1)
f := widgets.NewFloatSlider("x", 0.5, 0, 1, 0.1)
lg := widgets.NewFloatLogSlider("lr", 0.01, -4, 0, 0.5)
d := widgets.NewDropdown("kind", []string{"a", "b"}, "b")
tb := widgets.NewToggleButton("pad", false)
cb := widgets.NewCheckbox("check", true)
b := widgets.NewButton("go")
tx := widgets.NewText("name", "hi")
p := widgets.NewIntProgress("done", 3, 0, 10)
lb := widgets.NewLabel("3 of 10")
out := widgets.NewOutput()
s.Observe(func(v int) { out.Capture(func() { fmt.Println("observed", v) }) })
b.OnClick(func() { fmt.Println("clicked") })
widgets.VBox(widgets.HBox(s, f, lg, d), widgets.HBox(tb, cb, b, tx, p, lb), out)
"""


def test_widgets_follow_the_spec(kernel: Kernel) -> None:
    r = kernel.ok(ALL)
    opens = r.of_type("comm_open")
    by_name: dict[str, list[dict[str, Any]]] = {}
    for o in opens:
        c = o["content"]
        assert c["target_name"] == "jupyter.widget"
        assert o["metadata"] == {"version": "2.1.0"}
        assert set(c["data"]) == {"state", "buffer_paths"} and c["data"]["buffer_paths"] == []
        state = c["data"]["state"]
        want = ipywidgets_state(state["_model_name"])
        assert set(state) == set(want), state["_model_name"]
        for key in ("_model_name", "_model_module", "_model_module_version", "_view_name", "_view_module", "_view_module_version"):
            assert state[key] == want[key], (state["_model_name"], key)
        for key in ("layout", "style"):
            if key in state:
                assert state[key].startswith("IPY_MODEL_")
        by_name.setdefault(state["_model_name"], []).append(c)
    ids = {o["content"]["comm_id"] for o in opens}
    # Every model a state names was opened before it.
    seen: set[str] = set()
    for o in opens:
        for v in o["content"]["data"]["state"].values():
            for ref in v if isinstance(v, list) else [v]:
                if isinstance(ref, str) and ref.startswith("IPY_MODEL_"):
                    assert ref[len("IPY_MODEL_"):] in seen
        seen.add(o["content"]["comm_id"])
    view = r.of_type("execute_result")[0]["content"]["data"]
    vbox = by_name["VBoxModel"][0]["comm_id"]
    assert view[VIEW] == {"model_id": vbox, "version_major": 2, "version_minor": 0}
    assert view["text/plain"].startswith("VBox(HBox(IntSlider(value=5")

    # comm_info lists them.
    mid = kernel.kc.comm_info(target_name="jupyter.widget")
    info = kernel.shell_reply(mid)["content"]
    assert info["status"] == "ok" and set(info["comms"]) == ids
    assert all(v == {"target_name": "jupyter.widget"} for v in info["comms"].values())

    # An update from the front end: echo_update first, then the callback's
    # output, captured by the Output widget (its msg_id set to the update's).
    slider = by_name["IntSliderModel"][0]["comm_id"]
    output = by_name["OutputModel"][0]["comm_id"]
    uid = update(kernel, slider, {"value": 7})
    msgs = until_idle(kernel, uid)
    kinds = [(m["msg_type"], m["content"].get("comm_id"), m["content"].get("data", {}).get("method")) for m in msgs]
    assert kinds[0] == ("comm_msg", slider, "echo_update"), kinds
    assert msgs[0]["content"]["data"]["state"] == {"value": 7}
    capture = [m["content"]["data"]["state"]["msg_id"] for m in msgs if m["msg_type"] == "comm_msg" and m["content"]["comm_id"] == output]
    assert capture == [uid, ""], msgs
    streams = [m for m in msgs if m["msg_type"] == "stream"]
    assert [s["content"]["text"] for s in streams] == ["observed 7\n"]
    order = [m["msg_type"] + ":" + str(m["content"].get("data", {}).get("state", {}).get("msg_id", "")) for m in msgs[1:]]
    assert order == [f"comm_msg:{uid}", "stream:", "comm_msg:"], order
    assert kernel.ok("s.Value()").result == "7"

    # The kernel changes a value: an update goes out.
    r = kernel.ok("s.SetValue(9)")
    ups = [m["content"]["data"] for m in r.of_type("comm_msg") if m["content"]["comm_id"] == slider]
    assert ups == [{"method": "update", "state": {"value": 9}, "buffer_paths": []}]

    # request_state: the full state.
    msgs = until_idle(kernel, send(kernel, "comm_msg", {"comm_id": slider, "data": {"method": "request_state"}}))
    assert msgs[0]["content"]["data"]["method"] == "update" and msgs[0]["content"]["data"]["state"]["value"] == 9

    # A button click (a custom message) runs OnClick.
    button = by_name["ButtonModel"][0]["comm_id"]
    msgs = until_idle(kernel, send(kernel, "comm_msg", {"comm_id": button, "data": {"method": "custom", "content": {"event": "click"}}}))
    assert [m["content"]["text"] for m in msgs if m["msg_type"] == "stream"] == ["clicked\n"]

    # Dropdown: the front end sets the index.
    dd = by_name["DropdownModel"][0]["comm_id"]
    until_idle(kernel, update(kernel, dd, {"index": 0}))
    assert kernel.ok("d.Value()").result == "a"

    # The front end closes the slider: later messages to it are ignored.
    until_idle(kernel, send(kernel, "comm_close", {"comm_id": slider, "data": {}}))
    assert until_idle(kernel, update(kernel, slider, {"value": 1})) == []
    mid = kernel.kc.comm_info()
    assert slider not in kernel.shell_reply(mid)["content"]["comms"]

    # An unknown target is closed back.
    msgs = until_idle(kernel, send(kernel, "comm_open", {"comm_id": "c-unknown", "target_name": "no.such", "data": {}}))
    assert [(m["msg_type"], m["content"]["comm_id"]) for m in msgs] == [("comm_close", "c-unknown")]


def test_widgets_survive_interrupt_and_panic(kernel: Kernel) -> None:
    r = kernel.ok('s := widgets.NewIntSlider("n", 0, 0, 10, 1)\n'
                  's.Observe(func(v int) { if v == 3 { for {} }; fmt.Println("ok", v) })\ns')
    slider = [o["content"]["comm_id"] for o in r.of_type("comm_open")][-1]
    uid = update(kernel, slider, {"value": 3})
    deadline = time.monotonic() + TIMEOUT
    while True:  # wait until the callback runs
        m = kernel.kc.get_iopub_msg(timeout=max(deadline - time.monotonic(), 0.01))
        if m["parent_header"].get("msg_id") == uid and m["msg_type"] == "status" and m["content"]["execution_state"] == "busy":
            break
    time.sleep(0.3)
    kernel.km.interrupt_kernel()
    msgs = until_idle(kernel, uid)
    assert "interrupted" in "".join(m["content"]["text"] for m in msgs if m["msg_type"] == "stream")
    r = kernel.execute('panic("a cell fails")')
    assert r.status == "error"
    msgs = until_idle(kernel, update(kernel, slider, {"value": 4}))
    assert [m["content"]["text"] for m in msgs if m["msg_type"] == "stream"] == ["ok 4\n"]


def test_interact_coalesces_rapid_updates(kernel: Kernel, tmp_path: Any) -> None:
    # The run for value 1 waits for a file, so updates 2…20 all arrive while
    # it runs (a drag during a slow lab run), whatever the machine's speed:
    # they leave one more run, on the last value, not 19.
    release = tmp_path / "release"
    r = kernel.ok('n := widgets.NewIntSlider("n", 0, 0, 100, 1)\nruns := 0\n'
                  'widgets.Interact(func() {\n\truns++\n\tfmt.Println("run", n.Value())\n'
                  f'\tfor n.Value() == 1 {{ if _, err := os.Stat({str(release)!r}); err == nil {{ break }}; time.Sleep(10 * time.Millisecond) }}\n'
                  '}, n)'.replace("'", '"'))
    slider = next(o["content"]["comm_id"] for o in r.of_type("comm_open")
                  if o["content"]["data"]["state"]["_model_name"] == "IntSliderModel")
    assert "run 0\n" in r.stream()  # the first run, captured into its Output widget
    first = update(kernel, slider, {"value": 1})
    deadline = time.monotonic() + TIMEOUT
    while True:  # until the run for 1 has started
        m = kernel.kc.get_iopub_msg(timeout=max(deadline - time.monotonic(), 0.01))
        if m["parent_header"].get("msg_id") == first and m["msg_type"] == "stream" and "run 1" in m["content"]["text"]:
            break
    ids = [update(kernel, slider, {"value": v}) for v in range(2, 21)]
    release.touch()
    printed = ["run 1\n"]
    for uid in [first] + ids:
        printed += [m["content"]["text"] for m in until_idle(kernel, uid) if m["msg_type"] == "stream"]
    runs = int(kernel.ok("runs").result)
    assert runs <= 4, f"{runs} runs for 20 rapid updates: {printed}"
    assert printed[-1] == "run 20\n", printed


def test_restart_closes_comms(kernel: Kernel) -> None:
    r = kernel.ok('widgets.NewCheckbox("c", true)')
    ids = {o["content"]["comm_id"] for o in r.of_type("comm_open")}
    kernel.km.restart_kernel(now=False)
    closed: set[str] = set()
    deadline = time.monotonic() + TIMEOUT
    while closed != ids and time.monotonic() < deadline:
        m = kernel.kc.get_iopub_msg(timeout=max(deadline - time.monotonic(), 0.01))
        if m["msg_type"] == "comm_close":
            closed.add(m["content"]["comm_id"])
    assert closed == ids
