package interp_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 138: slog's arguments of cell types given through an any
// (a spread []any, an any variable) and values with String or Error.
func TestSlogCellArgsThroughAny(t *testing.T) {
	var out bytes.Buffer
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if err := i.Use(interp.Exports{"culabtest/culabtest": {"Out": reflect.ValueOf(&out)}}); err != nil {
		t.Fatal(err)
	}
	_, err := i.Eval(`package main

import (
	"culabtest"
	"log/slog"
)

type user struct {
	Name string
	Age  int
}

func (u user) LogValue() slog.Value {
	return slog.GroupValue(slog.String("name", u.Name), slog.Int("age", u.Age))
}

type level int

func (l level) String() string { return [...]string{"low", "high"}[l] }

type oops struct{}

func (oops) Error() string { return "oops!" }

func main() {
	opts := &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey && len(groups) == 0 {
				return slog.Attr{}
			}
			return a
		},
	}
	log := slog.New(slog.NewTextHandler(culabtest.Out, opts))
	args := []any{"user", user{"ann", 30}, "lvl", level(1)}
	log.Info("spread", args...)
	log.Info("direct", "lvl", level(0), "err", oops{})
	var u any = user{"bo", 4}
	log.Info("any", "user", u)
	j := slog.New(slog.NewJSONHandler(culabtest.Out, opts))
	j.Info("json", "user", user{"cy", 5}, "lvl", level(1), "err", oops{})
}
`)
	if err != nil {
		t.Fatal(err)
	}
	want := "level=INFO msg=spread user.name=ann user.age=30 lvl=high\n" +
		"level=INFO msg=direct lvl=low err=oops!\n" +
		"level=INFO msg=any user.name=bo user.age=4\n" +
		`{"level":"INFO","msg":"json","user":{"name":"cy","age":5},"lvl":1,"err":"oops!"}` + "\n"
	if got := out.String(); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
