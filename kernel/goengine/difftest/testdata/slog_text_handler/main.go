package main

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
)

func main() {
	sum := sha256.Sum256([]byte("hello"))
	fmt.Printf("%x\n", sum[:8])
	enc := base64.StdEncoding.EncodeToString([]byte("go?data"))
	dec, _ := base64.URLEncoding.DecodeString(base64.URLEncoding.EncodeToString([]byte("go?data")))
	fmt.Println(enc, string(dec))
	r := rand.New(rand.NewPCG(1, 2))
	fmt.Println(r.IntN(100), r.IntN(100), r.Float64() < 1)
	h := slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		},
	})
	log := slog.New(h)
	log.Info("hello", "count", 3, "ok", true)
	log.Warn("careful", slog.Group("req", "id", 7))
	log.With("svc", "api").Error("failed", "err", fmt.Errorf("boom"))
}
