package interp_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 130: log/slog calls a cell type's LogValue.
func TestSlogCellLogValuer(t *testing.T) {
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

type secret string

func (secret) LogValue() slog.Value { return slog.StringValue("REDACTED") }

func main() {
	h := slog.NewTextHandler(culabtest.Out, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey && len(groups) == 0 {
				return slog.Attr{}
			}
			return a
		},
	})
	log := slog.New(h)
	u := user{"ann", 30}
	log.Info("a", "user", u)
	log.Info("b", slog.Any("user", &u), "tok", secret("x"))
	log.With("who", u).Warn("c", slog.Group("g", "s", secret("y")))
	culabtest.Out.WriteString(slog.AnyValue(u).Kind().String() + "\n")
}
`)
	if err != nil {
		t.Fatal(err)
	}
	want := "level=INFO msg=a user.name=ann user.age=30\n" +
		"level=INFO msg=b user.name=ann user.age=30 tok=REDACTED\n" +
		"level=WARN msg=c who.name=ann who.age=30 g.s=REDACTED\n" +
		"LogValuer\n"
	if got := out.String(); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
