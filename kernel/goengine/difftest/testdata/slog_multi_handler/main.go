package main

import (
	"bytes"
	"fmt"
	"log/slog"
)

func noTime(_ []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey {
		return slog.Attr{}
	}
	return a
}

func main() {
	var text, js bytes.Buffer
	th := slog.NewTextHandler(&text, &slog.HandlerOptions{ReplaceAttr: noTime})
	jh := slog.NewJSONHandler(&js, &slog.HandlerOptions{Level: slog.LevelWarn, ReplaceAttr: noTime})
	log := slog.New(slog.NewMultiHandler(th, jh))
	log.Info("epoch", "n", 1)
	log.With("gpu", 0).Warn("hot", "temp", 91)
	fmt.Print(text.String())
	fmt.Print(js.String())
}
