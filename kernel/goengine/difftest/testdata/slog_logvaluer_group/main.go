package main

import (
	"log/slog"
	"os"
)

type user struct {
	Name string
	Age  int
	pass string
}

func (u user) LogValue() slog.Value {
	return slog.GroupValue(slog.String("name", u.Name), slog.Int("age", u.Age))
}

type secret string

func (secret) LogValue() slog.Value { return slog.StringValue("REDACTED") }

func main() {
	h := slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey && len(groups) == 0 {
				return slog.Attr{}
			}
			return a
		},
	})
	log := slog.New(h)
	u := user{"ann", 30, "pw"}
	log.Info("login", "user", u)
	log.Info("login", slog.Any("user", u))
	log.Info("token", "tok", secret("abc"))
	log.Info("ptr", "user", &u)
	log.With("who", u).Info("with")
	v := slog.AnyValue(u)
	println := func(s string) { os.Stdout.WriteString(s + "\n") }
	println(v.Kind().String())
	println(v.Resolve().Kind().String())
}
