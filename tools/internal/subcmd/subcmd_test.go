package subcmd

import (
	"errors"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	var got []string
	cmds := []Cmd{
		{"run", func(a []string) error { got = a; return nil }},
		{"compare", func([]string) error { return errors.New("no log") }},
	}
	var out strings.Builder
	if rc := run("tool", []string{"run", "-vm"}, &out, cmds); rc != 0 || len(got) != 1 || got[0] != "-vm" {
		t.Errorf("run: rc %d, args %v", rc, got)
	}
	if rc := run("tool", []string{"compare"}, &out, cmds); rc != 1 || !strings.Contains(out.String(), "tool: no log") {
		t.Errorf("a failing command: rc %d, %q", rc, out.String())
	}
	for _, args := range [][]string{nil, {"bogus"}} {
		out.Reset()
		if rc := run("tool", args, &out, cmds); rc != 2 || !strings.Contains(out.String(), "usage: tool run|compare [flags]") {
			t.Errorf("%v: rc %d, %q", args, rc, out.String())
		}
	}
}

func TestList(t *testing.T) {
	if List("") != nil || len(List("a,b")) != 2 {
		t.Errorf("List: %v, %v", List(""), List("a,b"))
	}
}
