package nbrun

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/culab/culab/kernel"
)

// fakeEngine answers cells by their first word.
type fakeEngine struct{ ran []string }

func (f *fakeEngine) Info() kernel.Info { return kernel.Info{} }
func (f *fakeEngine) Complete(string, int) kernel.CompleteReply {
	return kernel.CompleteReply{}
}
func (f *fakeEngine) Inspect(string, int, int) kernel.InspectReply { return kernel.InspectReply{} }
func (f *fakeEngine) IsComplete(string) kernel.IsCompleteReply     { return kernel.IsCompleteReply{} }
func (f *fakeEngine) Interrupt()                                   {}
func (f *fakeEngine) Shutdown(bool) error                          { return nil }

func (f *fakeEngine) Execute(ctx context.Context, req kernel.ExecuteRequest, out kernel.Output) kernel.ExecuteReply {
	f.ran = append(f.ran, req.Code)
	switch {
	case strings.HasPrefix(req.Code, "print"):
		out.Stream("stdout", "a\n")
		out.Stream("stdout", "b\n")
		out.Result(kernel.MIMEBundle{"text/plain": "42"}, nil)
	case strings.HasPrefix(req.Code, "progress"):
		out.Display(kernel.MIMEBundle{"text/html": "<b>0%</b>"}, nil, "p1", false)
		out.Display(kernel.MIMEBundle{"text/html": "<b>100%</b>"}, nil, "p1", true)
		out.Clear(true)
		out.Display(kernel.MIMEBundle{"image/png": "iVBORw0KGgo="}, nil, "", false)
	case strings.HasPrefix(req.Code, "fail"):
		out.Stream("stderr", "oops\n")
		return kernel.ExecuteReply{Error: &kernel.ExecError{Name: "panic", Value: "boom", Traceback: []string{"\x1b[31mpanic: boom\x1b[0m", "cell line 1"}}}
	case strings.HasPrefix(req.Code, "wait"):
		<-ctx.Done()
		return kernel.ExecuteReply{Error: &kernel.ExecError{Name: "interrupted", Value: ctx.Err().Error()}}
	}
	return kernel.ExecuteReply{}
}

const sample = `{
 "cells": [
  {"cell_type": "markdown", "metadata": {}, "source": ["# Lab\n", "text"]},
  {"cell_type": "code", "metadata": {"tags": ["parameters"]}, "source": "sizes := []int{1}", "outputs": [], "execution_count": null},
  {"cell_type": "code", "metadata": {}, "source": ["print\n", "more"], "outputs": [], "execution_count": null},
  {"cell_type": "code", "metadata": {}, "source": "progress", "outputs": [], "execution_count": null},
  {"cell_type": "code", "metadata": {}, "source": "fail", "outputs": [], "execution_count": null},
  {"cell_type": "code", "metadata": {}, "source": "never", "outputs": [], "execution_count": null}
 ],
 "metadata": {"kernelspec": {"name": "culab", "display_name": "Go (culab)", "language": "go"}},
 "nbformat": 4, "nbformat_minor": 4
}`

func TestExecuteKeepsOutputsLikeAFrontEnd(t *testing.T) {
	nb, err := Parse([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	eng := &fakeEngine{}
	res, err := Execute(context.Background(), nb, eng, Options{Params: map[string]string{"sizes": "[]int{2, 3}", "name": "plain word"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(eng.ran) != 5 || eng.ran[1] != "// Parameters given on the command line.\nname = \"plain word\"\nsizes = []int{2, 3}\n" {
		t.Fatalf("ran %q", eng.ran)
	}
	if !res.Failed() || res.FailedCell != 5 || res.Err.Value != "boom" {
		t.Fatalf("result %+v", res)
	}
	injected := nb.Cells[2]
	if !injected.HasTag("injected-parameters") {
		t.Fatalf("cell 2 is not the injected parameters cell: %+v", injected)
	}
	printed := nb.Cells[3].Outputs
	if len(printed) != 2 || printed[0].Text != "a\nb\n" || printed[1].Data["text/plain"] != "42" || *printed[1].ExecutionCount != 3 {
		t.Fatalf("print outputs %+v", printed)
	}
	prog := nb.Cells[4].Outputs
	if len(prog) != 1 || prog[0].Data["image/png"] == nil {
		t.Fatalf("clear_output(wait) then a display should leave only the display: %+v", prog)
	}
	failed := nb.Cells[5].Outputs
	if len(failed) != 2 || failed[1].OutputType != "error" {
		t.Fatalf("failed cell outputs %+v", failed)
	}
	if nb.Cells[6].ExecutionCount != nil {
		t.Fatal("a cell after the failure ran")
	}

	b, err := nb.Encode()
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	if raw["nbformat_minor"].(float64) != 5 {
		t.Fatal("not nbformat 4.5")
	}
	for _, c := range raw["cells"].([]any) {
		cell := c.(map[string]any)
		if cell["id"] == "" || cell["id"] == nil {
			t.Fatalf("cell without id: %v", cell)
		}
		_, hasOut := cell["outputs"]
		if (cell["cell_type"] == "code") != hasOut {
			t.Fatalf("outputs key wrong on %v", cell)
		}
	}
	if !bytes.Contains(b, []byte(`"output_type": "stream"`)) || bytes.Contains(b, []byte(`"execution_count": 0`)) {
		t.Fatalf("encoded:\n%s", b)
	}

	var rep bytes.Buffer
	if err := WriteReport(&rep, ReportInfo{Title: "culab report", Device: "fake"}, []Entry{{Name: "lab.ipynb", Result: res}}); err != nil {
		t.Fatal(err)
	}
	html := rep.String()
	for _, want := range []string{"<h2>Lab</h2>", "failed at cell 5", "data:image/png;base64,iVBORw0KGgo=", "panic: boom"} {
		if !strings.Contains(html, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if strings.Contains(html, "\x1b[") {
		t.Error("ANSI escapes in the report")
	}
}

func TestParamsNeedAParametersCell(t *testing.T) {
	nb, _ := Parse([]byte(`{"cells": [{"cell_type": "code", "source": "x", "metadata": {}}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`))
	if _, err := Execute(context.Background(), nb, &fakeEngine{}, Options{Params: map[string]string{"a": "1"}}); err == nil {
		t.Fatal("parameters accepted without a parameters cell")
	}
}

func TestParseRejectsBadInput(t *testing.T) {
	for _, bad := range []string{`{`, `{"nbformat": 3, "cells": []}`, `{"nbformat": 4, "cells": [null]}`, `{"nbformat": 4, "cells": [{"cell_type": "code", "source": 5}]}`} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

func TestCellTimeoutInterrupts(t *testing.T) {
	nb, _ := Parse([]byte(`{"cells": [{"cell_type": "code", "source": "wait", "metadata": {}}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`))
	res, err := Execute(context.Background(), nb, &fakeEngine{}, Options{CellTimeout: 10 * 1e6})
	if err != nil || !res.Failed() || !strings.Contains(res.Err.Value, "timed out") {
		t.Fatalf("res %+v err %v", res, err)
	}
}

// A plain word is a string for a string parameter, as the docs say
// (-p mode=profile was "undefined: profile", at a cell the user never
// wrote); for another parameter it stays Go source, and a failing value
// is named with its quoting.
func TestPlainWordParams(t *testing.T) {
	src := func(params string) []byte {
		return []byte(`{"cells": [{"cell_type": "code", "metadata": {"tags": ["parameters"]}, "source": ` + strconvQuote(params) +
			`, "outputs": [], "execution_count": null}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`)
	}
	nb, err := Parse(src("mode := \"measure\"\nvar label = `x`\nvar kind string\nn := 4\nok := true"))
	if err != nil {
		t.Fatal(err)
	}
	eng := &fakeEngine{}
	params := map[string]string{"mode": "profile", "label": "fast", "kind": `"quoted"`, "n": "big", "ok": "false"}
	if _, err := Execute(context.Background(), nb, eng, Options{Params: params}); err != nil {
		t.Fatal(err)
	}
	want := "// Parameters given on the command line.\nkind = \"quoted\"\nlabel = \"fast\"\nmode = \"profile\"\nn = big\nok = false\n"
	if len(eng.ran) != 2 || eng.ran[1] != want {
		t.Fatalf("injected %q, want %q", eng.ran, want)
	}
	// The engine's error at the injected cell names the parameter.
	xe := &kernel.ExecError{Name: "CompileError", Value: "line 5: undefined: big"}
	paramError(xe, params)
	if xe.Value != `-p n=big: undefined: big (a value is Go source; a string is quoted: -p 'n="big"')` {
		t.Errorf("error: %s", xe.Value)
	}
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }
