package main

import (
	"context"
	"errors"
	"fmt"
)

type key string

func main() {
	base := context.WithValue(context.Background(), key("user"), "ada")
	ctx, cancel := context.WithCancelCause(base)
	detached := context.WithoutCancel(ctx)
	child, cancelChild := context.WithCancel(ctx)
	defer cancelChild()
	stopped := 0
	stop := context.AfterFunc(ctx, func() { stopped++ })
	_ = stop
	cancel(errors.New("shutting down"))
	<-child.Done()
	fmt.Println(ctx.Err(), context.Cause(ctx))
	fmt.Println(child.Err(), context.Cause(child))
	fmt.Println(detached.Err(), detached.Value(key("user")), detached.Done() == nil)
	fmt.Println(child.Value(key("user")), child.Value(key("none")), child.Value("user"))
	errCtx, c2 := context.WithCancel(context.Background())
	c2()
	fmt.Println(errors.Is(errCtx.Err(), context.Canceled), context.Cause(errCtx) == context.Canceled)
}
