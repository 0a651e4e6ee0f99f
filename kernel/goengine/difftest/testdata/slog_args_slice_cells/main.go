package main

import (
	"log/slog"
	"os"
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
	log := slog.New(slog.NewTextHandler(os.Stdout, opts))
	args := []any{"user", user{"ann", 30}, "lvl", level(1)}
	log.Info("spread", args...)
	log.Info("direct", "lvl", level(0), "err", oops{})
	var u any = user{"bo", 4}
	log.Info("any", "user", u)
	j := slog.New(slog.NewJSONHandler(os.Stdout, opts))
	j.Info("json", "user", user{"cy", 5}, "lvl", level(1), "err", oops{})
}
