package main

import (
	"fmt"
	"strings"
)

type Handler interface {
	Handle(req string) string
}

type HandlerFunc func(string) string

func (f HandlerFunc) Handle(req string) string { return f(req) }

type Middleware func(Handler) Handler

func logging(prefix string) Middleware {
	return func(next Handler) Handler {
		return HandlerFunc(func(req string) string {
			return prefix + next.Handle(req)
		})
	}
}

func main() {
	var h Handler = HandlerFunc(strings.ToUpper)
	h = logging("[a]")(h)
	h = logging("[b]")(h)
	fmt.Println(h.Handle("request"))
}
