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

func main() {
	h := slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		},
	})
	log := slog.New(h)
	log.Info("login", "user", user{"ann", 30})
	log.Info("attr", slog.Any("user", user{"bo", 41}))
}
