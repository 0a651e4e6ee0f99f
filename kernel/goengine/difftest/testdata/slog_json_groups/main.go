package main

import (
	"log/slog"
	"os"
)

func main() {
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{
		Level: slog.LevelDebug,
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey && len(groups) == 0 {
				return slog.Attr{}
			}
			if a.Key == "secret" {
				a.Value = slog.StringValue("***")
			}
			return a
		},
	})
	log := slog.New(h)
	log.Debug("start", "n", 3, "ratio", 0.5)
	kl := log.With("kernel", "saxpy").WithGroup("launch")
	kl.Info("run", slog.Int("blocks", 128), slog.Group("dim", "x", 256, "y", 1), "secret", "k")
	kl.Warn("slow", "ms", 12.75, "ok", false, "tags", []string{"a", "b"})
	log.Error("failed", "err", os.ErrNotExist)
	var lv slog.LevelVar
	lv.Set(slog.LevelWarn)
	quiet := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{Level: &lv, ReplaceAttr: func(g []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}}))
	quiet.Info("hidden")
	quiet.Warn("shown", "level", lv.Level())
	lv.Set(slog.LevelInfo - 2)
	quiet.Debug("now shown", slog.Any("lvl", slog.LevelDebug+1))
}
